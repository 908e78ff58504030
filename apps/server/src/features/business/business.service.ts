import {
  checkEmployeeIdentifier, ITF_TEST, NG_MIN_EMPLOYER_PENSION_PERCENT, normalizeBusinessRc, normalizeBusinessTin, normalizeRegistrationNumber,
  IDENTIFIER_FORMATS, type TBusinessProfile, type TBusinessProfileInput,
} from '@bizdesk/contract';
import { parsePercent, PayrollInputError } from '@bizdesk/payroll';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as repo from './business.repo.ts';

const itfAnswer = (v: boolean | null) => (v === null ? 'unanswered' : v ? 'yes' : 'no') as TBusinessProfile['itfLiable'];

const toProfile = (r: repo.TProfileRow, canEdit: boolean): TBusinessProfile => ({
  _id: r.id, name: r.name, country: r.country, currency: r.currency, rcNumber: r.rcNumber, employerTin: r.employerTin, stateOrRegion: r.stateOrRegion,
  pencomEmployerCode: r.pencomEmployerCode, nsitfNumber: r.nsitfNumber, itfNumber: r.itfNumber, ssnitEmployerNumber: r.ssnitEmployerNumber,
  employerPensionRate: r.employerPensionRateBp / 100, itfLiable: itfAnswer(r.isItfLiable), canEdit,
});

/** Blank or null clears; otherwise the stored form, or a refusal naming the field and how to write it. */
const formatted = (text: string | null | undefined, field: string, normalize: (t: string) => string | null, format: string, key: string) => {
  if (text === undefined) return undefined;
  if (text === null || text.trim() === '') return null;
  const value = normalize(text);
  if (value === null) throw badRequest(`${field}: "${text.trim()}" must be written as ${format}`).as(key, { value: text.trim() });
  return value;
};

/**
 * The business profile (issue 31): every signed-in user of the business reads it (its name and the numbers it files
 * under, which are on its invoices and the public registers); the owner alone changes it.
 */
export const createBusinessService = (deps: TDeps) => {
  const { db } = deps;
  const isOwner = (auth: TUserAuth) => auth.roles.includes('owner');

  return {
    get: async (auth: TUserAuth) => {
      const row = await repo.getProfile(db, auth.businessId);
      if (!row) throw notFound('Business');
      return toProfile(row, isOwner(auth));
    },

    update: async (auth: TUserAuth, input: TBusinessProfileInput) => {
      const country = auth.country;
      const isNg = country !== 'GH';
      let stateOrRegion: string | null | undefined;
      if (input.stateOrRegion === null || input.stateOrRegion?.trim() === '') stateOrRegion = null;
      else if (input.stateOrRegion !== undefined) {
        const checked = checkEmployeeIdentifier(country, isNg ? 'stateOfResidence' : 'region', input.stateOrRegion);
        if (!checked.ok) throw badRequest(`stateOrRegion: ${checked.reason}`).as(checked.key, checked.params);
        stateOrRegion = checked.value;
      }
      const onlyIn = (value: unknown, field: string, where: 'NG' | 'GH') => {
        if (value !== undefined && value !== null && String(value).trim() !== '' && country !== where) {
          throw badRequest(`${field}: is for businesses in ${where === 'NG' ? 'Nigeria' : 'Ghana'}`).as(where === 'NG' ? 'identifierNigeriaOnly' : 'identifierGhanaOnly');
        }
      };
      onlyIn(input.pencomEmployerCode, 'pencomEmployerCode', 'NG');
      onlyIn(input.nsitfNumber, 'nsitfNumber', 'NG');
      onlyIn(input.itfNumber, 'itfNumber', 'NG');
      onlyIn(input.ssnitEmployerNumber, 'ssnitEmployerNumber', 'GH');
      if (input.itfLiable !== undefined && input.itfLiable !== 'unanswered') onlyIn('x', 'itfLiable', 'NG');
      let employerPensionRateBp: number | undefined;
      if (input.employerPensionRate !== undefined) {
        try {
          employerPensionRateBp = parsePercent(input.employerPensionRate as string, 'employerPensionRate');
        } catch (err) {
          if (err instanceof PayrollInputError) throw badRequest(`employerPensionRate: ${err.reason}`);
          throw err;
        }
        if (isNg && employerPensionRateBp < NG_MIN_EMPLOYER_PENSION_PERCENT * 100) {
          throw badRequest(`employerPensionRate: must be at least ${NG_MIN_EMPLOYER_PENSION_PERCENT}% in Nigeria (Pension Reform Act 2014, section 4(1)); an employer may pay more, never less`)
            .as('employerPensionBelowMin', { min: NG_MIN_EMPLOYER_PENSION_PERCENT });
        }
      }
      const reg = (text: string | null | undefined, field: string) => formatted(text, field, normalizeRegistrationNumber, IDENTIFIER_FORMATS.registrationNumber, 'registrationNumberFormat');
      const patch: repo.TProfilePatch = {
        name: input.name,
        rcNumber: formatted(input.rcNumber, 'rcNumber', (t) => normalizeBusinessRc(country, t), isNg ? IDENTIFIER_FORMATS.rcNumber : IDENTIFIER_FORMATS.registrationNumber, isNg ? 'rcNumberFormat' : 'registrationNumberFormat'),
        employerTin: formatted(input.employerTin, 'employerTin', (t) => normalizeBusinessTin(country, t), isNg ? IDENTIFIER_FORMATS.ngTin : IDENTIFIER_FORMATS.ghTin, isNg ? 'ngTinFormat' : 'ghTinFormat'),
        stateOrRegion,
        pencomEmployerCode: reg(input.pencomEmployerCode, 'pencomEmployerCode'),
        nsitfNumber: reg(input.nsitfNumber, 'nsitfNumber'),
        itfNumber: reg(input.itfNumber, 'itfNumber'),
        ssnitEmployerNumber: reg(input.ssnitEmployerNumber, 'ssnitEmployerNumber'),
        employerPensionRateBp,
        isItfLiable: input.itfLiable === undefined ? undefined : input.itfLiable === 'unanswered' ? null : input.itfLiable === 'yes',
      };
      const userIds: string[] = [];
      const after = await db.transaction(async (tx) => {
        const before = await repo.getProfile(tx, auth.businessId, { lock: true });
        if (!before) throw notFound('Business');
        await repo.updateProfile(tx, auth.businessId, patch);
        const row = (await repo.getProfile(tx, auth.businessId))!;
        await audit(tx, auth, 'business.profile-updated', {
          entity: 'business', entityId: auth.businessId, before: toProfile(before, true), after: { ...toProfile(row, true), itfTest: ITF_TEST },
        });
        // Every user's remembered principal names the business: a rename reaches the next request of each.
        if (row.name !== before.name) {
          userIds.push(...(await repo.findUserIds(tx, auth.businessId)));
          for (const id of userIds) await deps.principals.changed(tx, auth.businessId, id);
        }
        return row;
      });
      for (const id of userIds) deps.principals.forget(id);
      return toProfile(after, true);
    },
  };
};
export type TBusinessService = ReturnType<typeof createBusinessService>;
