// Statutory lists and codes shared by the server, the web and the migration that cleaned old data (issue 31).

/** Nigeria's 36 states and the Federal Capital Territory, as stored (a closed list: the State IRS a PAYE schedule is filed with). */
export const NG_STATES = [
  'Abia', 'Adamawa', 'Akwa Ibom', 'Anambra', 'Bauchi', 'Bayelsa', 'Benue', 'Borno', 'Cross River', 'Delta', 'Ebonyi', 'Edo', 'Ekiti',
  'Enugu', 'FCT', 'Gombe', 'Imo', 'Jigawa', 'Kaduna', 'Kano', 'Katsina', 'Kebbi', 'Kogi', 'Kwara', 'Lagos', 'Nasarawa', 'Niger', 'Ogun',
  'Ondo', 'Osun', 'Oyo', 'Plateau', 'Rivers', 'Sokoto', 'Taraba', 'Yobe', 'Zamfara',
] as const;
export type TNgState = (typeof NG_STATES)[number];

/** Ghana's 16 regions (since the 2018 referendum), as stored. */
export const GH_REGIONS = [
  'Ahafo', 'Ashanti', 'Bono', 'Bono East', 'Central', 'Eastern', 'Greater Accra', 'North East', 'Northern', 'Oti', 'Savannah',
  'Upper East', 'Upper West', 'Volta', 'Western', 'Western North',
] as const;
export type TGhRegion = (typeof GH_REGIONS)[number];

const keyOf = (text: string) => text.toLowerCase().replace(/\bstate\b/g, '').replace(/\bregion\b/g, '').replace(/[^a-z]/g, '');
const STATE_ALIASES: Record<string, TNgState> = { abuja: 'FCT', federalcapitalterritory: 'FCT', fctabuja: 'FCT', abujafct: 'FCT', nassarawa: 'Nasarawa' };
const STATE_KEYS = new Map<string, TNgState>([...NG_STATES.map((s) => [keyOf(s), s] as [string, TNgState]), ...Object.entries(STATE_ALIASES)]);
const REGION_KEYS = new Map<string, TGhRegion>(GH_REGIONS.map((r) => [keyOf(r), r]));

/** "lagos", " Lagos State ", "LAGOS" → "Lagos"; "Abuja" → "FCT"; anything else → null. */
export const normalizeNgState = (text: string | null | undefined): TNgState | null => (text ? STATE_KEYS.get(keyOf(text)) ?? null : null);
/** "greater accra region" → "Greater Accra"; anything else → null. */
export const normalizeGhRegion = (text: string | null | undefined): TGhRegion | null => (text ? REGION_KEYS.get(keyOf(text)) ?? null : null);

/**
 * Who a business files with and pays. A remittance is keyed by (kind, payee, period): payee is the State IRS for
 * Nigerian PAYE, the PFA for pension, '' for the single authorities. ITF is yearly (period YYYY); the rest monthly (YYYY-MM).
 */
export const REMITTANCE_KINDS = ['ng-paye', 'ng-pension', 'ng-nhf', 'ng-nsitf', 'ng-itf', 'gh-paye', 'gh-ssnit-tier1', 'gh-ssnit-tier2'] as const;
export type TRemittanceKind = (typeof REMITTANCE_KINDS)[number];

// ----- Licensed pension fund administrators (Nigeria) -----

/**
 * PenCom-licensed PFAs (RSA PFAs), as listed on https://www.pencom.gov.ng/pension-fund-administrators/ — list as of
 * October 2026 (19 PFAs; cross-checked against two other published lists of 2025–2026). The codes are Bizdesk's own
 * short codes (stored in pay_settings.pension_fund_administrator), not PenCom numbers. Update the list, its date and
 * the aliases when PenCom licenses, merges or renames a PFA; a stored code that leaves the list shows as "not listed".
 * `aliases`: former names and short names people type, compared as PFA_KEY does.
 */
export const PFA_LIST_AS_OF = '2026-10';
export const NG_PFAS = [
  { code: 'ACCESS-ARM', name: 'Access ARM Pensions Limited', aliases: ['Access Pensions', 'ARM Pension Managers', 'ARM Pensions', 'ARM', 'Access', 'Sigma Pensions', 'First Guarantee Pension'] },
  { code: 'CARDINALSTONE', name: 'CardinalStone Pensions Limited', aliases: ['Cardinal Stone Pensions'] },
  { code: 'CITIZENS', name: 'Citizens Pensions Limited', aliases: [] },
  { code: 'CRUSADER', name: 'Crusader Sterling Pensions Limited', aliases: ['Crusader Sterling', 'CrusaderSterling Pensions', 'Crusader'] },
  { code: 'FCMB', name: 'FCMB Pensions Limited', aliases: ['AIICO Pension Managers', 'AIICO Pensions'] },
  { code: 'FIDELITY', name: 'Fidelity Pension Managers Limited', aliases: ['Fidelity Pensions', 'Fidelity'] },
  { code: 'GTPM', name: 'Guaranty Trust Pension Managers Limited', aliases: ['GT Pension Managers', 'GT Pensions', 'GT Pension', 'GTCO Pension Managers', 'GTPML', 'GT'] },
  { code: 'LEADWAY', name: 'Leadway Pensure PFA Limited', aliases: ['Leadway Pensure', 'Leadway PFA', 'Leadway Pension', 'Leadway'] },
  { code: 'NUPEMCO', name: 'Nigerian University Pension Management Company (NUPEMCO)', aliases: ['NUPEMCO', 'Nigerian University Pension Management Company'] },
  { code: 'NLPC', name: 'NLPC Pension Fund Administrators Limited', aliases: ['NLPC PFA', 'NLPC Pensions', 'NLPC'] },
  { code: 'NORRENBERGER', name: 'Norrenberger Pensions Limited', aliases: ['Norrenberger', 'IEI Anchor Pension Managers', 'IEI-Anchor Pensions'] },
  { code: 'NPF', name: 'NPF Pensions Limited', aliases: ['NPF Pension Managers', 'NPF Pension Fund Administrators', 'NPF'] },
  { code: 'OAK', name: 'OAK Pensions Limited', aliases: ['OAK Pensions', 'OAK'] },
  { code: 'PARTHIAN', name: 'Parthian Pensions Limited', aliases: ['Parthian'] },
  { code: 'PREMIUM', name: 'Premium Pension Limited', aliases: ['Premium Pensions', 'Premium'] },
  { code: 'STANBIC', name: 'Stanbic IBTC Pension Managers Limited', aliases: ['Stanbic IBTC Pensions', 'Stanbic IBTC', 'Stanbic'] },
  { code: 'TANGERINE-APT', name: 'Tangerine APT Pensions Limited', aliases: ['Tangerine APT', 'Tangerine Pensions', 'APT Pension Fund Managers', 'AXA Mansard Pensions', 'Tangerine'] },
  { code: 'TRUSTFUND', name: 'Trustfund Pensions Limited', aliases: ['Trustfund Pensions Plc', 'Trust Fund Pensions', 'Trustfund'] },
  { code: 'VERITAS-GLANVILLS', name: 'Veritas Glanvills Pensions Limited', aliases: ['Veritas Glanvills', 'Veritas', 'Future Unity Glanvills Pensions'] },
] as const satisfies ReadonlyArray<{ code: string; name: string; aliases: readonly string[] }>;
export type TNgPfa = (typeof NG_PFAS)[number];
export type TNgPfaCode = TNgPfa['code'];

/** Words that do not tell PFAs apart ("Limited", "Pensions", "PFA"…): dropped before comparing. */
const PFA_NOISE = /\b(limited|ltd|plc|pfa|pensions?|managers?|fund|administrators?|company|co|nigeria|the)\b/g;
const pfaKey = (text: string) => text.toLowerCase().replace(/[()]/g, ' ').replace(PFA_NOISE, ' ').replace(/[^a-z0-9]/g, '');
const PFA_KEYS = new Map<string, TNgPfa>();
for (const pfa of NG_PFAS) {
  for (const text of [pfa.code, pfa.name, ...pfa.aliases]) if (!PFA_KEYS.has(pfaKey(text))) PFA_KEYS.set(pfaKey(text), pfa);
}
/** A PFA by its code, its name or a known variant ("stanbic ibtc pensions", "ARM Pension Managers"); null when not listed. */
export const findPfa = (text: string | null | undefined): TNgPfa | null => {
  if (!text?.trim()) return null;
  const exact = NG_PFAS.find((p) => p.code === text.trim().toUpperCase());
  return exact ?? PFA_KEYS.get(pfaKey(text)) ?? null;
};
/** The name to show and file for a stored PFA value: the list's name, or the stored text itself when it is not listed. */
export const pfaName = (stored: string | null | undefined): string | null => (stored ? findPfa(stored)?.name ?? stored : null);

// ----- Identifier formats (normalisers return the stored form, or null when the text is not of the format) -----

const compact = (text: string) => text.trim().toUpperCase().replace(/[\s.]/g, '');

/**
 * Nigerian TIN: the JTB individual TIN (10 digits), the FIRS/JTB TIN of 8 digits, hyphen, 4 digits (12345678-0001), or,
 * since the Nigeria Tax Administration Act 2025 (1 January 2026), an individual's 11-digit NIN, which serves as the Tax ID.
 * Stored as digits, the 12-digit form with its hyphen.
 */
export const normalizeNgTin = (text: string): string | null => {
  const t = compact(text).replace(/^TIN:?/, '');
  if (/^\d{10}$/.test(t) || /^\d{11}$/.test(t)) return t;
  const firs = /^(\d{8})-?(\d{4})$/.exec(t);
  return firs ? `${firs[1]}-${firs[2]}` : null;
};
/** RSA PIN (PenCom): "PEN" and 12 digits, stored in capitals without spaces. */
export const normalizeRsaPin = (text: string): string | null => {
  const t = compact(text).replace(/-/g, '');
  return /^PEN\d{12}$/.test(t) ? t : null;
};
/** NHF number (Federal Mortgage Bank): no single published format; 5 to 20 letters, digits, hyphens or slashes. */
export const normalizeNhfNumber = (text: string): string | null => {
  const t = compact(text);
  return /^[A-Z0-9][A-Z0-9/-]{3,18}[A-Z0-9]$/.test(t) ? t : null;
};
/** Ghana Card PIN (NIA): GHA-, 9 digits, hyphen, check digit (GHA-123456789-0). */
export const normalizeGhanaCard = (text: string): string | null => {
  const m = /^GHA-?(\d{9})-?(\d)$/.exec(compact(text));
  return m ? `GHA-${m[1]}-${m[2]}` : null;
};
/** SSNIT number: the legacy letter and 12 digits (C017605040026), or, since SSNIT merged its records with the NIA's (2021), the Ghana Card PIN. */
export const normalizeSsnitNumber = (text: string): string | null => {
  const t = compact(text);
  if (/^[A-Z]\d{12}$/.test(t)) return t;
  return normalizeGhanaCard(t);
};
/** Ghanaian TIN (GRA): the legacy letter (P individual, C company, G government, Q, V) and 10 digits, or the Ghana Card PIN (the TIN of individuals since 2021). */
export const normalizeGhTin = (text: string): string | null => {
  const t = compact(text);
  if (/^[PCGQV]\d{10}$/.test(t)) return t;
  return normalizeGhanaCard(t);
};
/** Nigerian company or business-name registration (CAC): RC or BN and digits (also IT for incorporated trustees). */
export const normalizeRcNumber = (text: string): string | null => {
  const m = /^(RC|BN|IT)-?(\d{1,9})$/.exec(compact(text));
  return m ? `${m[1]}${m[2]}` : null;
};
/** A registration or employer number without a published format (PenCom employer code, NSITF, ITF, SSNIT employer, Ghana registration): 3 to 30 letters, digits, - or /. */
export const normalizeRegistrationNumber = (text: string): string | null => {
  const t = compact(text);
  return /^[A-Z0-9][A-Z0-9/-]{1,28}[A-Z0-9]$/.test(t) ? t : null;
};

/** How to write each identifier, for refusals (server) and field help (web). */
export const IDENTIFIER_FORMATS = {
  ngTin: '10 digits (JTB TIN), 8 digits, a hyphen and 4 digits (12345678-0001), or the 11-digit NIN',
  rsaPin: 'PEN followed by 12 digits, such as PEN100012345678',
  nhfNumber: '5 to 20 letters or digits',
  ghanaCard: 'GHA-, 9 digits, a hyphen and 1 digit, such as GHA-123456789-0',
  ssnitNumber: 'a letter and 12 digits, such as C017605040026, or the Ghana Card number',
  ghTin: 'a letter and 10 digits, such as P0012345678, or the Ghana Card number',
  rcNumber: 'RC or BN followed by digits, such as RC123456 or BN2345678',
  registrationNumber: '3 to 30 letters or digits',
} as const;

// ----- One employee identifier, judged for the business's country (pay settings, the employee import, the web form) -----

export const NG_EMPLOYEE_IDENTIFIERS = ['tin', 'rsaPin', 'pensionFundAdministrator', 'nhfNumber', 'stateOfResidence'] as const;
export const GH_EMPLOYEE_IDENTIFIERS = ['ghanaCardNumber', 'ssnitNumber', 'tin', 'region'] as const;
export type TEmployeeIdentifier = (typeof NG_EMPLOYEE_IDENTIFIERS)[number] | (typeof GH_EMPLOYEE_IDENTIFIERS)[number];

/** A refusal: the reason in English (after "field: ") and its `words:server` key with parameters. */
export type TIdentifierCheck = { ok: true; value: string } | { ok: false; reason: string; key: string; params: Record<string, string> };

const refuse = (reason: string, key: string, params: Record<string, string> = {}): TIdentifierCheck => ({ ok: false, reason, key, params });
const formatted = (value: string | null, reason: string, key: string, text: string): TIdentifierCheck =>
  (value === null ? refuse(`"${text}" ${reason}`, key, { value: text }) : { ok: true, value });

/**
 * The stored form of an identifier typed by a person or read from a spreadsheet, for a business in `country`
 * ('NG' or 'GH'), or why it is refused. Blank text is not judged here (it clears the field).
 */
export const checkEmployeeIdentifier = (country: string, field: TEmployeeIdentifier, text: string): TIdentifierCheck => {
  const t = text.trim();
  const own: readonly string[] = country === 'GH' ? GH_EMPLOYEE_IDENTIFIERS : NG_EMPLOYEE_IDENTIFIERS;
  if (!own.includes(field)) {
    return country === 'GH'
      ? refuse('is for Nigerian employees; this business pays in Ghana', 'identifierNigeriaOnly')
      : refuse('is for Ghanaian employees; this business pays in Nigeria', 'identifierGhanaOnly');
  }
  switch (field) {
    case 'tin': return country === 'GH'
      ? formatted(normalizeGhTin(t), `is not a TIN: write ${IDENTIFIER_FORMATS.ghTin}`, 'ghTinFormat', t)
      : formatted(normalizeNgTin(t), `is not a TIN: write ${IDENTIFIER_FORMATS.ngTin}`, 'ngTinFormat', t);
    case 'rsaPin': return formatted(normalizeRsaPin(t), `is not an RSA PIN: write ${IDENTIFIER_FORMATS.rsaPin}`, 'rsaPinFormat', t);
    case 'nhfNumber': return formatted(normalizeNhfNumber(t), `is not an NHF number: write ${IDENTIFIER_FORMATS.nhfNumber}`, 'nhfNumberFormat', t);
    case 'ghanaCardNumber': return formatted(normalizeGhanaCard(t), `is not a Ghana Card number: write ${IDENTIFIER_FORMATS.ghanaCard}`, 'ghanaCardFormat', t);
    case 'ssnitNumber': return formatted(normalizeSsnitNumber(t), `is not a SSNIT number: write ${IDENTIFIER_FORMATS.ssnitNumber}`, 'ssnitNumberFormat', t);
    case 'pensionFundAdministrator': {
      const pfa = findPfa(t);
      return pfa ? { ok: true, value: pfa.code }
        : refuse(`"${t}" is not a PenCom-licensed PFA: write one of ${NG_PFAS.map((p) => p.name).join(', ')} (or its code)`, 'unknownPfa', { value: t });
    }
    case 'stateOfResidence': {
      const state = normalizeNgState(t);
      return state ? { ok: true, value: state }
        : refuse(`"${t}" is not a Nigerian state: write one of ${NG_STATES.join(', ')} ("Lagos State" and "lagos" are read as Lagos)`, 'unknownNgState', { value: t });
    }
    case 'region': {
      const region = normalizeGhRegion(t);
      return region ? { ok: true, value: region }
        : refuse(`"${t}" is not a region of Ghana: write one of ${GH_REGIONS.join(', ')}`, 'unknownGhRegion', { value: t });
    }
  }
};
