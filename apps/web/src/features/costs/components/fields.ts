import { ZDate } from '@bizdesk/contract';
import { parseMoneyInput } from '../../../shared/format/money.ts';
import { businessToday } from '../../../shared/format/dates.ts';

/** What a typed amount is wrong with (a key under costs:validation), or null with its major-unit text. */
export const checkAmount = (typed: string, language: string, optional = false): { error: string | null; value: string | null } => {
  if (!typed.trim()) return optional ? { error: null, value: null } : { error: 'required', value: null };
  const value = parseMoneyInput(typed, language);
  if (!value) return { error: 'amount', value: null };
  if (Number(value) <= 0) return { error: 'positive', value: null };
  return { error: null, value };
};

export const checkDate = (typed: string) => (!typed ? 'required' : ZDate.safeParse(typed).success ? null : 'date');

export const todayIso = () => businessToday();

export { minorToInput } from '../../../shared/format/money.ts';
