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
