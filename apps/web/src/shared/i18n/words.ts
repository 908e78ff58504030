import i18n, { type TFunction } from 'i18next';
import { formatDate, formatNumber } from '../format/calendar.ts';

/**
 * Words for people (issue 30): the server's failures read in the reader's language, naming the field by the label
 * the form shows, once. The server says which field a message is about (`field`) and names its own messages
 * (`messageKey`, `params`); the texts are the `words` namespace. Spec messages (the catalogue) are translated whole.
 */
export type TFailureData = { message?: string; field?: string; messageKey?: string; params?: Record<string, string | number> };
/** A form's own labels by field name, when they differ from the shared ones (`{ name: t('leave.type') }`). */
export type TFieldLabels = Readonly<Record<string, string>>;

const humanise = (name: string) => {
  const words = name.replace(/(Id|Ids|Minor)$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `lines.0.quantity` → "Quantity": the label of the last named part, in the reader's language. */
export const fieldLabel = (t: TFunction, path: string, labels?: TFieldLabels) => {
  const leaf = path.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? path;
  return labels?.[path] ?? labels?.[leaf] ?? t(`words:fields.${leaf}`, { defaultValue: humanise(leaf) });
};

/** The contract's validation rules, as the schemas word them, to their `words:rules` key and values. */
const RULES: readonly [RegExp, string, ((m: RegExpExecArray) => Record<string, string>)?][] = [
  [/^is required$/, 'required'],
  [/^(Invalid input|Too small|Too big|is not valid)/i, 'invalid'],
  [/^must be a valid e-mail address$/, 'email'],
  [/^must be a date as YYYY-MM-DD$/, 'date'],
  [/^is not a real date$/, 'realDate'],
  [/^must not be before the start date$/, 'notBeforeStart'],
  [/^may contain only letters, digits and \. _ \/ -$/, 'codeChars'],
  [/^may contain only letters, digits, spaces and -$/, 'plateChars'],
  [/^must be at most (\d+) characters$/, 'maxChars', (m) => ({ max: m[1]! })],
  [/^must be at least (\d+) characters$/, 'minChars', (m) => ({ min: m[1]! })],
  [/^must be at most (\d+)$/, 'atMost', (m) => ({ max: m[1]! })],
  [/^must be at least (\d+)$/, 'atLeast', (m) => ({ min: m[1]! })],
  [/^must be a number$/, 'number'],
  [/^must be a whole number$/, 'wholeNumber'],
  [/^must be more than 0$/, 'positive'],
  [/^must not be negative$/, 'notNegative'],
  [/^must be an amount with at most 2 decimal places/, 'amount'],
  [/^must be a quantity with at most 3 decimal places/, 'quantity'],
  [/^must be a phone number/, 'phone'],
  [/^must be one of: (.+)$/, 'oneOf', (m) => ({ options: m[1]! })],
  [/^name at least one approver$/, 'oneApprover'],
];

/** A contract rule ("may contain only …") in the reader's language, as it reads after a label; null if unknown. */
export const ruleText = (t: TFunction, message: string) => {
  for (const [pattern, key, values] of RULES) {
    const match = pattern.exec(message);
    if (match) return t(`words:rules.${key}`, values?.(match) ?? {});
  }
  return null;
};

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Parameters as the reader writes them: dates in the locale's short form, numbers grouped, leave types named. */
const readableParams = (t: TFunction, params: Record<string, string | number> | undefined) => {
  // The language of `t` itself (a fixed t of another language than the app's formats for its reader).
  const language = (t as { lng?: string }).lng ?? i18n.language ?? 'en';
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (typeof value === 'string' && CALENDAR_DATE.test(value)) out[key] = formatDate(value, language);
    else if (key === 'type' && typeof value === 'string') out[key] = leaveTypeName(t, value);
    else if (typeof value === 'number' && key !== 'count' && key !== 'year') out[key] = formatNumber(value, language);
    else out[key] = value;
  }
  return out;
};

/** The message of a failure without its field: the server's own in the reader's language, a rule, or as sent. */
export const serverText = (t: TFunction, data: TFailureData, translateCatalogue: (text: string) => string = (text) => text) => {
  const message = data.message ?? '';
  if (data.messageKey && i18n.exists(`words:server.${data.messageKey}`, { count: Number(data.params?.count ?? 2) })) {
    return t(`words:server.${data.messageKey}`, readableParams(t, data.params));
  }
  const rest = data.field && message.startsWith(`${data.field}: `) ? message.slice(data.field.length + 2) : message;
  return ruleText(t, rest) ?? translateCatalogue(rest);
};

/** "Employee number: may contain only letters, digits and . _ / -", in the reader's language. */
export const serverMessage = (t: TFunction, data: TFailureData, labels?: TFieldLabels, translateCatalogue?: (text: string) => string) => {
  const text = serverText(t, data, translateCatalogue);
  return data.field ? `${fieldLabel(t, data.field, labels)}${t('words:labelSeparator', { defaultValue: ': ' })}${text}` : text;
};

const plainKey = (name: string) => !/[.:]/.test(name);

/** A seeded leave type ("annual") by its name in the reader's language; a business's own type as it was named. */
export const leaveTypeName = (t: TFunction, name: string) => (plainKey(name) ? t(`words:leaveTypes.${name}`, { defaultValue: name }) : name);

/** A seeded public holiday ("Independence Day") in the reader's language; one added by hand as it was written. */
export const holidayName = (t: TFunction, name: string) => (plainKey(name) ? t(`words:holidays.${name}`, { defaultValue: name }) : name);
