import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessTimeZone, businessToday, displayLocale, formatDate, formatDateTime, formatLongDate, setDateRegion } from './dates.ts';

/** Issue 10: dates follow the business's locale (en-NG / en-GH / de / fr), never US style. */
describe('formatDate', () => {
  afterEach(() => setDateRegion(null));

  it('writes English dates day first for a Nigerian or Ghanaian business', () => {
    setDateRegion('NG');
    expect(displayLocale('en')).toBe('en-NG');
    expect(formatDate('2026-11-23T10:00:00Z', 'en')).toMatch(/^23 Nov 2026$/);
    setDateRegion('GH');
    expect(displayLocale('en')).toBe('en-GH');
    expect(formatDate('2026-11-23T10:00:00Z', 'en')).not.toMatch(/^Nov 23/);
  });

  it('writes German and French dates in their own way', () => {
    setDateRegion('NG');
    expect(formatDate('2026-11-23T10:00:00Z', 'de')).toBe('23.11.2026');
    expect(formatDate('2026-11-23T10:00:00Z', 'fr')).toBe('23 nov. 2026');
  });

  it('is never US style, even before the business is known, and shows a dash for no date', () => {
    expect(formatDate('2026-11-23T10:00:00Z', 'en')).toBe('23 Nov 2026');
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDate('not a date', 'fr')).toBe('—');
  });
});

/** Issue 30: one short and one long form per locale, in the business's time zone whatever the browser's. */
describe('dates in the business\'s time zone', () => {
  afterEach(() => {
    setDateRegion(null);
    vi.useRealTimers();
  });
  // 23:30 UTC on 25 November is already 26 November in Lagos (UTC+1), still the 25th in Accra (UTC+0).
  const lateEvening = '2026-11-25T23:30:00Z';

  it('writes an instant on the business\'s day, not the test machine\'s', () => {
    setDateRegion('NG', 'Africa/Lagos');
    expect(formatDate(lateEvening, 'en')).toBe('26 Nov 2026');
    expect(formatLongDate(lateEvening, 'en')).toBe('Thursday, 26 November 2026');
    expect(formatLongDate(lateEvening, 'de')).toBe('Donnerstag, 26. November 2026');
    expect(formatDateTime(lateEvening, 'de')).toBe('26.11.2026, 00:30');
    setDateRegion('GH', 'Africa/Accra');
    expect(formatDate(lateEvening, 'en')).toBe('25 Nov 2026');
    expect(formatLongDate(lateEvening, 'fr')).toBe('mercredi 25 novembre 2026');
  });

  it('keeps a calendar date its own day in every zone, in the same short form as an instant', () => {
    setDateRegion('NG', 'Africa/Lagos');
    expect(formatDate('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatDate('2026-12-01', 'de')).toBe('01.12.2026');
    expect(formatDate('2026-12-01', 'fr')).toBe('1 déc. 2026');
    expect(formatLongDate('2026-11-25', 'en')).toBe('Wednesday, 25 November 2026');
  });

  it('takes the zone from the country when the business names none, and tells today in it (the dashboard chip)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(lateEvening));
    setDateRegion('NG');
    expect(businessTimeZone()).toBe('Africa/Lagos');
    expect(businessToday()).toBe('2026-11-26');
    expect(formatLongDate(new Date(), 'en')).toBe('Thursday, 26 November 2026');
    setDateRegion('GH');
    expect(businessToday()).toBe('2026-11-25');
  });
});
