import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatMinorCompact } from '../format/money.ts';
import { displayLocale } from '../format/dates.ts';
import './money.css';

/**
 * True inside a link or button (a StatCard that opens its list): the compact figure then takes no focus of its
 * own, and its exact value shows when the link has the focus.
 */
export const MoneyInControl = createContext(false);

type TProps = {
  /** Integer minor units (kobo, pesewa); null or undefined shows `empty`. */
  minor: number | null | undefined;
  /** ISO code of the currency (NGN, GHS); null writes the bare amount. */
  currency: string | null;
  /** A tight place (a stat card, a tile): "₦45M" with the exact value on hover and focus and to screen readers. */
  compact?: boolean;
  empty?: string;
  className?: string;
};

/**
 * Every money figure on screen (issue 30): never cut off. The full value wraps rather than being clipped; the
 * compact one carries the exact value as its accessible text and in a tip shown on hover and keyboard focus.
 * `data-money` holds the minor units, so a test can find every figure and compare it with its exact value.
 */
export const Money = ({ minor, currency, compact = false, empty = '', className }: TProps) => {
  const { i18n } = useTranslation();
  const inControl = useContext(MoneyInControl);
  if (minor === null || minor === undefined) return <>{empty}</>;
  const locale = displayLocale(i18n.language);
  const full = formatMinor(minor, currency, locale);
  const short = compact ? formatMinorCompact(minor, currency, locale) : full;
  const classes = ['bd-money', className].filter(Boolean).join(' ');
  if (short === full) return <span className={classes} data-money={minor}>{full}</span>;
  return (
    <span className={`${classes} bd-money--compact`} data-money={minor} tabIndex={inControl ? undefined : 0}>
      <span aria-hidden="true">{short}</span>
      <span className="bd-visually-hidden">{full}</span>
      <span className="bd-money__tip" aria-hidden="true">{full}</span>
    </span>
  );
};
