import { z } from 'zod';
import { IDENTIFIER_FORMATS, normalizeGhTin, normalizeNgTin, normalizeRcNumber, normalizeRegistrationNumber } from './statutory.ts';

/**
 * The business's own profile (issue 31): its name and the identifiers it files under. GET: any signed-in user of the
 * business (the identifiers are printed on invoices and public registers); PUT: the owner only.
 */
const optionalId = (normalize: (text: string) => string | null, format: string) =>
  z.string().trim().max(40, 'must be at most 40 characters').refine((v) => v === '' || normalize(v) !== null, `must be written as ${format}`).nullish();
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** ITF Act (as amended 2011) s.6: an employer with 5 or more employees, or an annual turnover of ₦50 million or more, contributes 1% of payroll. */
export const ITF_TEST = '5 or more employees, or annual turnover of ₦50 million or more';
/** Pension Reform Act 2014 s.4(1): the employer pays at least 10% of monthly emoluments. */
export const NG_MIN_EMPLOYER_PENSION_PERCENT = 10;
export const ITF_ANSWERS = ['yes', 'no', 'unanswered'] as const;

export const ZBusinessProfileInput = z.object({
  name: z.string().trim().min(1, 'is required').max(160, 'must be at most 160 characters').optional(),
  rcNumber: z.string().trim().max(40, 'must be at most 40 characters').nullish().describe('Nigeria: RC or BN and digits (CAC); Ghana: the Registrar-General number'),
  employerTin: z.string().trim().max(40, 'must be at most 40 characters').nullish().describe('Nigeria: FIRS/JTB TIN; Ghana: GRA TIN'),
  stateOrRegion: z.string().trim().max(80, 'must be at most 80 characters').nullish().describe('Nigeria: one of NG_STATES; Ghana: one of GH_REGIONS'),
  pencomEmployerCode: optionalId(normalizeRegistrationNumber, IDENTIFIER_FORMATS.registrationNumber),
  nsitfNumber: optionalId(normalizeRegistrationNumber, IDENTIFIER_FORMATS.registrationNumber),
  itfNumber: optionalId(normalizeRegistrationNumber, IDENTIFIER_FORMATS.registrationNumber),
  ssnitEmployerNumber: optionalId(normalizeRegistrationNumber, IDENTIFIER_FORMATS.registrationNumber),
  employerPensionRate: z.union([z.number(), z.string().trim()])
    .refine((v) => PERCENT.test(String(v)) && Number(v) <= 100, 'must be a percentage between 0 and 100 with at most 2 decimals').optional(),
  itfLiable: z.enum(ITF_ANSWERS, { message: 'must be yes, no or unanswered' }).optional(),
}).strict().refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');
export type TBusinessProfileInput = z.infer<typeof ZBusinessProfileInput>;

export const ZBusinessProfile = z.object({
  _id: z.string(),
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  rcNumber: z.string().nullable(),
  employerTin: z.string().nullable(),
  stateOrRegion: z.string().nullable(),
  pencomEmployerCode: z.string().nullable(),
  nsitfNumber: z.string().nullable(),
  itfNumber: z.string().nullable(),
  ssnitEmployerNumber: z.string().nullable(),
  /** Percent (10 = 10%). */
  employerPensionRate: z.number(),
  itfLiable: z.enum(ITF_ANSWERS),
  /** Whether the caller may change it (the owner). */
  canEdit: z.boolean(),
});
export type TBusinessProfile = z.infer<typeof ZBusinessProfile>;

export const BUSINESS_MSG = { profileSaved: 'Business details saved' } as const;

/** Shared by the server and the web form: the stored form of the RC/BN number and TIN for the business's country, or null. */
export const normalizeBusinessRc = (country: string, text: string) => (country === 'NG' ? normalizeRcNumber(text) : normalizeRegistrationNumber(text));
export const normalizeBusinessTin = (country: string, text: string) => (country === 'NG' ? normalizeNgTin(text) : normalizeGhTin(text));
