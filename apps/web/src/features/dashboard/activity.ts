import { dateFormat, displayLocale } from '../../shared/format/dates.ts';
import type { TNotice } from '../notifications/model.ts';

export type TDayCount = { day: string; date: string; count: number };

/** Notifications per day for the last `days` days (oldest first), by the browser's calendar day. */
export const countByDay = (notices: readonly TNotice[], language: string, now = new Date(), days = 7): TDayCount[] => {
  const format = dateFormat(displayLocale(language), { weekday: 'short' });
  const keyOf = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
  const buckets: TDayCount[] = [];
  const index = new Map<string, TDayCount>();
  for (let offset = days - 1; offset >= 0; offset--) {
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - offset);
    const bucket = { day: format.format(date), date: date.toISOString(), count: 0 };
    buckets.push(bucket);
    index.set(keyOf(date), bucket);
  }
  for (const notice of notices) {
    if (!notice.createdAt) continue;
    const at = new Date(notice.createdAt);
    if (Number.isNaN(at.getTime())) continue;
    const bucket = index.get(keyOf(at));
    if (bucket) bucket.count += 1;
  }
  return buckets;
};
