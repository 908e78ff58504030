/** Countries offered at registration; NG and GH have full pay rules, the rest start with the default rules. */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  NG: 'Africa/Lagos',
  GH: 'Africa/Accra',
  KE: 'Africa/Nairobi',
  ZA: 'Africa/Johannesburg',
  EG: 'Africa/Cairo',
  CI: 'Africa/Abidjan',
  SN: 'Africa/Dakar',
  CM: 'Africa/Douala',
  RW: 'Africa/Kigali',
  TZ: 'Africa/Dar_es_Salaam',
  UG: 'Africa/Kampala',
  GB: 'Europe/London',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  US: 'America/New_York',
};

export const COUNTRIES = Object.keys(COUNTRY_TIME_ZONES);

export const TIME_ZONES = [...new Set([...Object.values(COUNTRY_TIME_ZONES), 'UTC'])];

export const countryName = (code: string, language: string) => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};
