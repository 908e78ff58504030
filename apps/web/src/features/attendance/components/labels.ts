import { ATTENDANCE_LABELS, type TAttendanceLabel } from '@bizdesk/contract';

export { ATTENDANCE_LABELS };
/** One colour per label, the same on the register, the month grid and the schedule (contrast ≥ 4.5 with white text). */
export const LABEL_COLORS: Record<TAttendanceLabel, string> = {
  present: '#1b5e20',
  late: '#8a4b00',
  absent: '#b71c1c',
  leave: '#0d47a1',
  sick: '#6a1b9a',
  off: '#455a64',
};

/** Today's month as YYYY-MM, and a month moved by n. */
export const monthOf = (day: string) => day.slice(0, 7);
export const shiftMonth = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};
export const formatMonth = (month: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
export const formatTime = (iso: string | null, language: string, timeZone?: string) =>
  iso ? new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso)) : '—';
