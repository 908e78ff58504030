import type { TFunction } from 'i18next';
import type { TNotificationParams } from '@bizdesk/contract';
import { formatMinor } from '../../shared/format/money.ts';
import { displayLocale, formatDate, formatNumber } from '../../shared/format/dates.ts';
import type { TNotice } from './model.ts';
import { leaveTypeName } from '../../shared/i18n/words.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;
const MINOR = /Minor$/;

const formatMonth = (value: string, language: string) => {
  const [year, month] = value.split('-').map(Number);
  return new Intl.DateTimeFormat(displayLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year!, month! - 1, 1)));
};

/**
 * The server's params as the reader reads them (the contract's conventions): `…Minor` amounts as money in
 * `currency` under the name without `Minor`, `…Date`/`date` days and `month` months in her locale, other numbers
 * grouped her way; `count` stays a number, for i18next's plural forms.
 */
export const readableParams = (params: TNotificationParams, language: string): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  const currency = typeof params.currency === 'string' ? params.currency : null;
  for (const [name, value] of Object.entries(params)) {
    if (name === 'count') out[name] = typeof value === 'number' ? value : Number(value);
    else if (MINOR.test(name) && typeof value === 'number') out[name.replace(MINOR, '')] = formatMinor(value, currency, displayLocale(language));
    else if ((name === 'date' || name.endsWith('Date')) && typeof value === 'string' && ISO_DAY.test(value)) out[name] = formatDate(value, language);
    else if ((name === 'month' || name.endsWith('Month')) && typeof value === 'string' && ISO_MONTH.test(value)) out[name] = formatMonth(value, language);
    else if (typeof value === 'number') out[name] = formatNumber(value, language);
    else out[name] = value;
  }
  return out;
};

/** Plain category names (HR, Accounts…) have a translation; anything else is shown as sent. */
const isPlainName = (text: string) => /^[A-Za-z][A-Za-z ]*$/.test(text);

/**
 * What the bell shows for a notification: with a text key the web knows, `notifications:<key>.title` and
 * `.message` with the params in the reader's language; otherwise (no key, or a key this web does not know) the
 * stored English `actionType` and `message`.
 */
export const noticeTexts = (t: TFunction, notice: Pick<TNotice, 'title' | 'description' | 'type' | 'messageKey' | 'params'>, language: string) => {
  const category = notice.type && isPlainName(notice.type) ? t(`notifications:categories.${notice.type}`, { defaultValue: notice.type }) : notice.type;
  if (!notice.messageKey || !/^[A-Za-z]+\.[A-Za-z]+$/.test(notice.messageKey)) return { title: notice.title, description: notice.description, category };
  const values = readableParams(notice.params ?? {}, language);
  // A seeded leave type ("annual") by its name in the reader's language (issue 30).
  if (typeof values.leaveType === 'string') values.leaveType = leaveTypeName(t, values.leaveType);
  // Params go through `replace`, so no param name can be taken for an i18next option.
  const count = typeof values.count === 'number' ? { count: values.count } : {};
  return {
    title: t(`notifications:${notice.messageKey}.title`, { defaultValue: notice.title }),
    description: t(`notifications:${notice.messageKey}.message`, { replace: values, ...count, defaultValue: notice.description }),
    category,
  };
};
