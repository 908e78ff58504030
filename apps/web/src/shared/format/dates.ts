import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';

dayjs.extend(relativeTime);

export const setDateLocale = (language: string) => {
  dayjs.locale(['en', 'de', 'fr'].includes(language) ? language : 'en');
};

const parse = (value: string | number | Date | null | undefined) => {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
};

/** "5 minutes ago" in the current language; null for a missing or unreadable date (shown as "Invalid date"). */
export const fromNow = (value: string | null | undefined, now?: number) => {
  const date = parse(value);
  if (!date) return null;
  return now === undefined ? date.fromNow() : date.from(dayjs(now));
};

export { businessTimeZone, businessToday, dateFormat, displayLocale, formatDate, formatDateTime, formatLongDate, formatNumber, setDateRegion } from './calendar.ts';
