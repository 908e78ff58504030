import { z } from 'zod';

/** What a payroll run pays (issue 32 item 3): the month's regular pay, or an off-cycle run beside it. */
export const OFF_CYCLE_KINDS = ['bonus', 'thirteenth-month', 'correction'] as const;
export const RUN_KINDS = ['regular', ...OFF_CYCLE_KINDS] as const;
export const ZRunKind = z.enum(RUN_KINDS);
export type TRunKind = z.infer<typeof ZRunKind>;
export const ZOffCycleKind = z.enum(OFF_CYCLE_KINDS);
export type TOffCycleKind = z.infer<typeof ZOffCycleKind>;

/** English names (the PDF, the e-mail, the approvals inbox); the web names kinds in the reader's language. */
export const RUN_KIND_NAMES: Record<TRunKind, string> = { regular: 'Regular pay', bonus: 'Bonus', 'thirteenth-month': '13th month', correction: 'Correction' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "2026-12" → "December 2026". */
export const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;

/** A run's English title: "December 2026" for the regular run, "13th month — December 2026" (or its label) for an off-cycle one. */
export const runTitle = (run: { kind: string; label?: string | null; month: string }) =>
  run.kind === 'regular' ? monthName(run.month) : `${run.label?.trim() || RUN_KIND_NAMES[run.kind as TRunKind] || run.kind} — ${monthName(run.month)}`;
