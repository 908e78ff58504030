import { forwardRef, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { formatMinor, majorTextToMinor, parseMoneyInput } from '../format/money.ts';
import { displayLocale } from '../format/dates.ts';

type TProps = {
  label: string;
  name: string;
  /** The API's major-unit text ("6000000.50"), or what was typed when it is not an amount yet. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** ISO code of the business's currency (NGN, GHS): its sign is shown and the typed amount previewed in it. */
  currency: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
};

const symbolOf = (currency: string, locale: string) => {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
};

/** Grouped for reading ("6,000,000.00" in en-NG, "6.000.000,00" in German); empty stays empty. */
const grouped = (major: string, locale: string) => (major ? formatMinor(majorTextToMinor(major), null, locale) : '');
/** A stored value (the API's text, "2400000.5") shown grouped; anything else as it is. */
const shown = (value: string, locale: string) => {
  const major = parseMoneyInput(value, 'en');
  return major && /^\d+(\.\d+)?$/.test(value.trim()) ? grouped(major, locale) : value;
};

/**
 * An amount of money typed the way the user's locale writes it (issue 10): "6,000,000" and "6.000.000,50" are
 * accepted, the form receives the API's text ("6000000", "6000000.50"), the amount is previewed in the business's
 * currency while typing and written grouped when the field is left.
 */
export const MoneyField = forwardRef<HTMLInputElement, TProps>(({ label, name, value, onChange, onBlur, currency, error, helperText, required }, ref) => {
  const { i18n } = useTranslation();
  const locale = displayLocale(i18n.language);
  const [display, setDisplay] = useState(() => shown(value, locale));
  const focused = useRef(false);

  // A value set from outside (a form reset, the record loaded) is shown grouped, unless the user is typing.
  useEffect(() => {
    if (focused.current) return;
    if (parseMoneyInput(display, locale) !== (value || null)) setDisplay(shown(value, locale));
  }, [value, locale]);

  const parsed = parseMoneyInput(display, locale);
  const preview = parsed ? formatMinor(majorTextToMinor(parsed), currency, locale) : null;
  return (
    <TextField
      label={label}
      name={name}
      inputRef={ref}
      required={required}
      value={display}
      inputMode="decimal"
      autoComplete="off"
      error={error}
      helperText={error ? helperText : [preview, helperText].filter(Boolean).join(' · ')}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(event) => {
        const typed = event.target.value;
        setDisplay(typed);
        onChange(typed.trim() === '' ? '' : (parseMoneyInput(typed, locale) ?? typed));
      }}
      onBlur={() => {
        focused.current = false;
        if (parsed) setDisplay(grouped(parsed, locale));
        onBlur?.();
      }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">{symbolOf(currency, locale)}</InputAdornment> } }}
    />
  );
});
MoneyField.displayName = 'MoneyField';
