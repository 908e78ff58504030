/** Calendar arithmetic in a business's time zone (every feature's "today"): "today" at 23:30 in Lagos is that Lagos day, whatever the server's zone. */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

const formatOf = (cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) => {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, ...options });
    cache.set(timeZone, f);
  }
  return f;
};

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
export const localDate = (instant: Date, timeZone: string) =>
  formatOf(dateFormats, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** The wall-clock time (HH:MM) of an instant in the zone. */
export const localTime = (instant: Date, timeZone: string) => {
  const parts = formatOf(timeFormats, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
};

/** YYYY-MM-DD plus n days (n may be negative), by the calendar. */
export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Every day of a month (YYYY-MM). */
export const daysOfMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
};
