import { OPEN_END_DATE, type TTruckAvailability } from '@bizdesk/contract';

type TT = (key: string, params?: Record<string, unknown>) => string;

/**
 * The picker's line for a truck (issue 34): Free / Booked for <project> until <date> / In maintenance until <date>.
 * Only free trucks can be chosen.
 */
export const availabilityOption = (a: TTruckAvailability, t: TT, date: (iso: string) => string) => {
  const head = `${a.plateNumber} · ${a.model}`;
  if (a.state === 'free') return { label: `${head} · ${t('fleet.availability.free')}`, disabled: false };
  if (a.state === 'booked') {
    const state = a.until === OPEN_END_DATE || !a.until
      ? t('fleet.availability.bookedOpen', { project: a.project ?? '' })
      : t('fleet.availability.booked', { project: a.project ?? '', date: date(a.until) });
    return { label: `${head} · ${state}`, disabled: true };
  }
  return { label: `${head} · ${t('fleet.availability.maintenance', { date: date(a.until ?? '') })}`, disabled: true };
};

/** A booking's last day as shown: "until released" for an open assignment. */
export const bookingEnd = (endDate: string, t: TT, date: (iso: string) => string) => (endDate === OPEN_END_DATE ? t('fleet.untilReleased') : date(endDate));
