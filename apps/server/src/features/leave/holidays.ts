// Public holidays of a country and year (issue 33): the fixed-date ones, Easter computed (Computus), and the lunar
// (Islamic) ones from a dated table shipped with the app. Every holiday has a code the web translates.
//
// Sources (docs/leave-holidays.md):
// - Nigeria: Public Holidays Act (Cap. P40 LFN 2004) as amended (12 June Democracy Day since 2019): New Year, Good Friday,
//   Easter Monday, Workers' Day, Democracy Day, Independence Day, Christmas, Boxing Day, Eid el-Fitr (2 days),
//   Eid el-Kabir (2 days), Eid el-Maulud. The Federal Government declares the Islamic days each year (Ministry of Interior).
// - Ghana: Public Holidays and Commemorative Days (Amendment) Act 2025 (Act 1128): New Year, Constitution Day, Independence
//   Day, Eid al-Fitr, Good Friday, Easter Monday, May Day, Eid al-Adha, Republic Day (1 July), Founders' Day (4 August),
//   Kwame Nkrumah Memorial Day (21 September), Farmers' Day (first Friday of December), Christmas, Boxing Day.
// - Islamic dates: the Umm al-Qura calendar's projection (1 Shawwal, 10 Dhu al-Hijjah, 12 Rabi' al-Awwal) as listed by
//   timeanddate.com and IslamicFinder; the actual day depends on the moon sighting, so the business corrects it.

export type THolidayCode =
  | 'new-year' | 'constitution-day' | 'independence-day' | 'good-friday' | 'easter-monday' | 'workers-day' | 'may-day'
  | 'democracy-day' | 'republic-day' | 'founders-day' | 'nkrumah-day' | 'farmers-day' | 'christmas' | 'boxing-day'
  | 'eid-al-fitr' | 'eid-al-fitr-2' | 'eid-al-adha' | 'eid-al-adha-2' | 'mawlid';
export type TSeedHoliday = { date: string; name: string; code: THolidayCode };

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export const easterSunday = (year: number) => {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The first Friday of December (Ghana's Farmers' Day). */
const firstFridayOfDecember = (year: number) => {
  const d = new Date(Date.UTC(year, 11, 1));
  d.setUTCDate(1 + ((5 - d.getUTCDay() + 7) % 7));
  return d.toISOString().slice(0, 10);
};

/**
 * The lunar holidays by Gregorian year (projected; corrected by the business when the government announces the day).
 * fitr = 1 Shawwal, adha = 10 Dhu al-Hijjah, mawlid = 12 Rabi' al-Awwal.
 */
export const LUNAR_HOLIDAYS: Record<number, { fitr: string; adha: string; mawlid: string }> = {
  2025: { fitr: '2025-03-30', adha: '2025-06-06', mawlid: '2025-09-04' },
  2026: { fitr: '2026-03-20', adha: '2026-05-27', mawlid: '2026-08-26' },
  2027: { fitr: '2027-03-10', adha: '2027-05-17', mawlid: '2027-08-15' },
  2028: { fitr: '2028-02-27', adha: '2028-05-05', mawlid: '2028-08-04' },
  2029: { fitr: '2029-02-15', adha: '2029-04-24', mawlid: '2029-07-24' },
  2030: { fitr: '2030-02-05', adha: '2030-04-14', mawlid: '2030-07-14' },
};

type TFixed = [string, string, THolidayCode];
/** Fixed-date public holidays (month-day, English name, code). */
export const FIXED_HOLIDAYS: Record<string, TFixed[]> = {
  NG: [['01-01', "New Year's Day", 'new-year'], ['05-01', "Workers' Day", 'workers-day'], ['06-12', 'Democracy Day', 'democracy-day'],
    ['10-01', 'Independence Day', 'independence-day'], ['12-25', 'Christmas Day', 'christmas'], ['12-26', 'Boxing Day', 'boxing-day']],
  GH: [['01-01', "New Year's Day", 'new-year'], ['01-07', 'Constitution Day', 'constitution-day'], ['03-06', 'Independence Day', 'independence-day'],
    ['05-01', 'May Day', 'may-day'], ['07-01', 'Republic Day', 'republic-day'], ['08-04', "Founders' Day", 'founders-day'],
    ['09-21', 'Kwame Nkrumah Memorial Day', 'nkrumah-day'], ['12-25', 'Christmas Day', 'christmas'], ['12-26', 'Boxing Day', 'boxing-day']],
};

/** The fixed-date holidays of a country in a year. */
export const fixedHolidaysOf = (country: string, year: number): TSeedHoliday[] =>
  (FIXED_HOLIDAYS[country] ?? []).map(([md, name, code]) => ({ date: `${year}-${md}`, name, code }));

/** The movable holidays of a country in a year: Easter (computed), the lunar ones (from the table), Farmers' Day (GH). */
export const movableHolidaysOf = (country: string, year: number): TSeedHoliday[] => {
  if (country !== 'NG' && country !== 'GH') return [];
  const easter = easterSunday(year);
  const out: TSeedHoliday[] = [
    { date: addDays(easter, -2), name: 'Good Friday', code: 'good-friday' },
    { date: addDays(easter, 1), name: 'Easter Monday', code: 'easter-monday' },
  ];
  const lunar = LUNAR_HOLIDAYS[year];
  if (lunar) {
    if (country === 'NG') {
      out.push(
        { date: lunar.fitr, name: 'Eid al-Fitr', code: 'eid-al-fitr' }, { date: addDays(lunar.fitr, 1), name: 'Eid al-Fitr holiday', code: 'eid-al-fitr-2' },
        { date: lunar.adha, name: 'Eid al-Adha', code: 'eid-al-adha' }, { date: addDays(lunar.adha, 1), name: 'Eid al-Adha holiday', code: 'eid-al-adha-2' },
        { date: lunar.mawlid, name: 'Mawlid (Eid el-Maulud)', code: 'mawlid' },
      );
    } else {
      out.push({ date: lunar.fitr, name: 'Eid al-Fitr', code: 'eid-al-fitr' }, { date: lunar.adha, name: 'Eid al-Adha', code: 'eid-al-adha' });
    }
  }
  if (country === 'GH') out.push({ date: firstFridayOfDecember(year), name: "Farmers' Day", code: 'farmers-day' });
  return out.sort((a, b) => a.date.localeCompare(b.date));
};

/** Every public holiday of a country in a year, by date. */
export const publicHolidaysOf = (country: string, year: number): TSeedHoliday[] =>
  [...fixedHolidaysOf(country, year), ...movableHolidaysOf(country, year)].sort((a, b) => a.date.localeCompare(b.date));
