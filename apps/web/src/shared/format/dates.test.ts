import { afterEach, describe, expect, it } from 'vitest';
import { displayLocale, formatDate, formatDateTime, setDateRegion } from './dates.ts';

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
