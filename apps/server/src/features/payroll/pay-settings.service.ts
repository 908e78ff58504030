import { checkEmployeeIdentifier, PAY_MSG, type TEmployeeIdentifier, type TPaySettingsBulkInput, type TPaySettingsInput } from '@bizdesk/contract';
import { parsePercent, PayrollInputError, validatePayInput } from '@bizdesk/payroll';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import { currentMonth, minorText, toSettings } from './pay-input.ts';
import { bankPatch } from './bank-accounts.ts';
import * as repo from './payroll.repo.ts';
import { iso } from './payroll.repo.ts';

const percentBp = (value: unknown, field: string) => {
  try {
    return parsePercent(value as string, field);
  } catch (err) {
    if (err instanceof PayrollInputError) throw badRequest(`${field}: ${err.reason}`);
    throw err;
  }
};

/**
 * The override must also fit the country's own split, checked now rather than when the month is run: in
 * Nigeria entertainment keeps its 10% and utility takes the rest, so basic, housing and transport share 90%.
 */
const assertSplitFitsRules = (country: string, split: { basic: unknown; housing: unknown; transport: unknown }) => {
  try {
    validatePayInput({ country, period: { year: new Date().getUTCFullYear() }, grossAnnual: '1', split: split as Record<'basic' | 'housing' | 'transport', string> });
  } catch (err) {
    if (!(err instanceof PayrollInputError)) throw err;
    if (err.field.startsWith('split')) throw badRequest(`${err.field}: ${err.reason}`);
  }
};

const IDENTIFIER_COLUMNS = {
  tin: 'tin', rsaPin: 'rsa_pin', pensionFundAdministrator: 'pension_fund_administrator', nhfNumber: 'nhf_number', stateOfResidence: 'state_of_residence',
  ghanaCardNumber: 'ghana_card_number', ssnitNumber: 'ssnit_number', region: 'region',
} as const satisfies Record<TEmployeeIdentifier, keyof repo.TSettingsPatch>;

/**
 * The statutory identifiers of the input, checked for the business's country and normalised (a state or PFA as the
 * list writes it, an RSA PIN in capitals…); null or blank clears. Fields of the other country are refused, naming them.
 */
export const identifierPatch = (country: string, input: Partial<Record<TEmployeeIdentifier, string | null>>) => {
  const patch: Partial<Record<(typeof IDENTIFIER_COLUMNS)[TEmployeeIdentifier], string | null>> = {};
  for (const [field, column] of Object.entries(IDENTIFIER_COLUMNS) as Array<[TEmployeeIdentifier, (typeof IDENTIFIER_COLUMNS)[TEmployeeIdentifier]]>) {
    const text = input[field];
    if (text === undefined) continue;
    if (text === null || text.trim() === '') {
      patch[column] = null;
      continue;
    }
    const checked = checkEmployeeIdentifier(country, field, text);
    if (!checked.ok) throw badRequest(`${field}: ${checked.reason}`).as(checked.key, checked.params);
    patch[column] = checked.value;
  }
  return patch;
};

/** Ghana's voluntary tier 3 rates (percent → basis points); null clears to none. Nigeria has no tier 3. */
const tier3Bp = (country: string, value: unknown, field: 'tier3Employee' | 'tier3Employer') => {
  if (value === undefined) return undefined;
  if (value === null) return 0;
  if (country !== 'GH') throw badRequest(`${field}: is for Ghanaian employees; this business pays in Nigeria`).as('identifierGhanaOnly');
  return percentBp(value, field);
};

/** The employee of this business or 404 (another business's id is not found, never shown). */
export const getEmployeeOr404 = async (db: DbOrTx, businessId: string, employeeId: string) => {
  const row = await repo.getEmployeeSettings(db, businessId, employeeId);
  if (!row) throw notFound('Employee');
  return row;
};

/** A month whose run is approved or paid takes no more changes. */
export const assertMonthOpen = async (tx: DbOrTx, businessId: string, month: string) => {
  const run = await repo.getRunByMonth(tx, businessId, month, { lock: true });
  if (run && run.status !== 'draft') throw conflict(`${PAY_MSG.runLocked} (${month})`);
  return run;
};

/** Settings that belong to one person: not set for many at once. */
const BULK_REFUSED = ['grossIncome', 'bankName', 'bankCode', 'accountNumber', 'accountName', 'tin', 'rsaPin', 'nhfNumber', 'ghanaCardNumber', 'ssnitNumber'] as const;

/** The checks of a settings change that do not depend on the employee (amounts, split, identifiers, tier 3), done before the transaction. */
export const prepareSettings = (country: string, input: TPaySettingsInput) => {
  const gross = majorToMinor(input.grossIncome, 'grossIncome', { isOptional: true });
  if (gross === 0) throw badRequest('grossIncome: must be more than 0');
  let split: repo.TSettingsPatch['split'];
  if (input.split === null) split = null;
  else if (input.split) {
    split = { basic: percentBp(input.split.basic, 'split.basic'), housing: percentBp(input.split.housing, 'split.housing'), transport: percentBp(input.split.transport, 'split.transport') };
    if (split.basic + split.housing + split.transport > 10_000) throw badRequest('split: basic, housing and transport together must be at most 100%').as('splitOver100');
    assertSplitFitsRules(country, input.split);
  }
  const identifiers = identifierPatch(country, input);
  const tier3 = { tier3_employee_bp: tier3Bp(country, input.tier3Employee, 'tier3Employee'), tier3_employer_bp: tier3Bp(country, input.tier3Employer, 'tier3Employer') };
  const money = (v: unknown, field: string) => (v === null ? 0 : (majorToMinor(v, field, { isOptional: true }) as number | undefined));
  const patch: repo.TSettingsPatch = {
    split, account_name: input.accountName, pay_day: input.payDay, pension_base: input.pensionBase,
    pension_rate_bp: input.pensionRate === null ? null : input.pensionRate === undefined ? undefined : percentBp(input.pensionRate, 'pensionRate'),
    ...identifiers, ...tier3,
    nhf: input.nhf,
    nhis_monthly: money(input.nhis, 'nhis'), life_assurance_annual: money(input.lifeAssurance, 'lifeAssurance'),
    rent_annual: money(input.rent, 'rent'), mortgage_interest_annual: money(input.mortgageInterest, 'mortgageInterest'),
  };
  return { gross, patch };
};

/** Writes a prepared change for one employee (bank checked against what they have), with the gross history and stale draft runs. */
export const applySettings = async (tx: DbOrTx, auth: { country: string; businessId: string; userId: string }, before: repo.TSettingsRow, input: TPaySettingsInput, prepared: ReturnType<typeof prepareSettings>) => {
  const bank = bankPatch(auth.country, input, before);
  await repo.upsertSettings(tx, auth.businessId, before.employee_id, { ...prepared.patch, ...bank });
  const { gross } = prepared;
  if (gross !== undefined) {
    await repo.setGross(tx, auth.businessId, before.employee_id, gross);
    // Issue 32: a salary revision takes effect from a month (default the current one); back-dated into approved months it gives arrears.
    const effectiveDate = input.grossEffectiveMonth ? `${input.grossEffectiveMonth}-01` : new Date().toISOString().slice(0, 10);
    if (gross !== null) await repo.insertGrossChange(tx, { businessId: auth.businessId, employeeId: before.employee_id, previous: before.gross_income === null ? null : Number(before.gross_income), gross, effectiveDate, changedById: auth.userId });
  }
  await repo.bumpDraftRunsOf(tx, auth.businessId, before.employee_id);
};

export const createPaySettingsService = (deps: TDeps) => {
  const { db } = deps;

  const addItem = async (auth: TUserAuth, employeeId: string, kind: 'allowance' | 'overtime' | 'iou', value: string, month?: string) => {
    const amount = majorToMinor(value, 'value', { isPositive: true });
    const m = month ?? currentMonth(auth.timeZone);
    return db.transaction(async (tx) => {
      const employee = await getEmployeeOr404(tx, auth.businessId, employeeId);
      const run = await assertMonthOpen(tx, auth.businessId, m);
      const item = await repo.insertPeriodItem(tx, { businessId: auth.businessId, employeeId, month: m, kind, amount, createdById: auth.userId });
      if (run) await repo.bumpRunVersion(tx, auth.businessId, run.id);
      await audit(tx, auth, `pay.${kind}-added`, { entity: 'employee-pay', entityId: employeeId, after: { month: m, kind, amount: minorText(amount), employee: employee.employee_number } });
      return { _id: item.id, employeeId, month: m, kind, amountMinor: amount, createdAt: iso(item.created_at) };
    });
  };

  return {
    list: async (auth: TUserAuth, q: { page: number; limit: number; search?: string }) => {
      const { rows, totalRecords } = await repo.findSettings(db, auth.businessId, { search: q.search, limit: q.limit, offset: (q.page - 1) * q.limit });
      return { rows: rows.map(toSettings), totalRecords };
    },

    get: async (auth: TUserAuth, employeeId: string) => toSettings(await getEmployeeOr404(db, auth.businessId, employeeId)),

    /** payment-settings/{id}: any subset; the bank is checked against the country's list and the account against it (NUBAN in Nigeria). */
    update: async (auth: TUserAuth, employeeId: string, input: TPaySettingsInput) => {
      const prepared = prepareSettings(auth.country, input);
      return db.transaction(async (tx) => {
        const before = await getEmployeeOr404(tx, auth.businessId, employeeId);
        await applySettings(tx, auth, before, input, prepared);
        const after = (await repo.getEmployeeSettings(tx, auth.businessId, employeeId))!;
        const revision = prepared.gross ? { grossEffectiveMonth: input.grossEffectiveMonth ?? currentMonth(auth.timeZone) } : {};
        await audit(tx, auth, 'pay.settings-updated', { entity: 'employee-pay', entityId: employeeId, before: toSettings(before), after: { ...toSettings(after), ...revision } });
        return toSettings(after);
      });
    },

    /**
     * The same settings for many employees in one request and one transaction (Wages bulk edit): the listed ids, or
     * every employee matching `search` but the `excludedIds` (the list's "select all"). Settings that belong to one
     * person (gross, bank account, personal identifiers) are refused, naming the field.
     */
    bulkUpdate: async (auth: TUserAuth, input: TPaySettingsBulkInput) => {
      for (const field of BULK_REFUSED) {
        if (input.settings[field] !== undefined) throw badRequest(`settings.${field}: belongs to one employee; set it in their own pay settings or import it`).as('bulkPersonalField', { field });
      }
      const prepared = prepareSettings(auth.country, input.settings);
      return db.transaction(async (tx) => {
        const excluded = new Set(input.excludedIds ?? []);
        let ids: string[];
        if (input.selectAll) ids = (await repo.findSettingIds(tx, auth.businessId, input.search)).filter((id) => !excluded.has(id));
        else {
          const wanted = [...new Set(input.employeeIds ?? [])];
          ids = await repo.findLiveEmployeeIds(tx, auth.businessId, wanted);
          if (ids.length !== wanted.length) throw notFound('One of the selected employees');
        }
        if (ids.length === 0) throw badRequest('employeeIds: select at least one employee').as('bulkNoneSelected');
        // Nothing refused above depends on the person (no gross, no bank), so one statement sets them all.
        await repo.upsertSettingsMany(tx, auth.businessId, ids, prepared.patch);
        await repo.bumpDraftRunsOfMany(tx, auth.businessId, ids);
        await audit(tx, auth, 'pay.settings-bulk-updated', { entity: 'employee-pay', entityId: ids[0], after: { employees: ids.length, employeeIds: ids, settings: input.settings } });
        return { updated: ids.length };
      });
    },

    /** gross-modify/{id}: a new gross with a dated history entry. */
    modifyGross: async (auth: TUserAuth, employeeId: string, input: { modifiedGrossIncome: string | number; effectiveDate?: string }) => {
      const gross = majorToMinor(input.modifiedGrossIncome, 'modifiedGrossIncome', { isPositive: true });
      return db.transaction(async (tx) => {
        const before = await getEmployeeOr404(tx, auth.businessId, employeeId);
        const previous = before.gross_income === null ? null : Number(before.gross_income);
        const effectiveDate = input.effectiveDate ?? new Date().toISOString().slice(0, 10);
        await repo.setGross(tx, auth.businessId, employeeId, gross);
        await repo.insertGrossChange(tx, { businessId: auth.businessId, employeeId, previous, gross, effectiveDate, changedById: auth.userId });
        await repo.bumpDraftRunsOf(tx, auth.businessId, employeeId);
        await audit(tx, auth, 'pay.gross-modified', { entity: 'employee-pay', entityId: employeeId, before: { grossIncome: previous === null ? null : minorText(previous) }, after: { grossIncome: minorText(gross), effectiveDate } });
        return { employeeId, grossIncomeMinor: gross, previousMinor: previous, effectiveDate };
      });
    },

    addItem,

    /** Settings, loans, gross history and items of one employee (employee detail, wages row). */
    detail: async (auth: TUserAuth, employeeId: string) => {
      const settings = toSettings(await getEmployeeOr404(db, auth.businessId, employeeId));
      const [loans, history, items] = await Promise.all([
        repo.findLoans(db, auth.businessId, employeeId), repo.findGrossChanges(db, auth.businessId, employeeId), repo.findPeriodItems(db, auth.businessId, employeeId),
      ]);
      return {
        settings,
        loans: loans.map(toLoan),
        grossHistory: history.map((h) => ({ previousMinor: h.previous === null ? null : Number(h.previous), grossMinor: Number(h.gross), effectiveDate: h.effective_date, changedAt: iso(h.created_at) })),
        items: items.map((i) => ({ _id: i.id, employeeId: i.employee_id, month: i.month, kind: i.kind as 'allowance', amountMinor: Number(i.amount), createdAt: iso(i.created_at) })),
      };
    },
  };
};
export type TPaySettingsService = ReturnType<typeof createPaySettingsService>;

export const toLoan = (l: repo.TLoanRow) => ({
  _id: l.id, employeeId: l.employee_id, principalMinor: Number(l.principal), monthlyRepaymentMinor: Number(l.monthly_repayment), startMonth: l.start_month,
  note: l.note, balanceMinor: Number(l.balance), status: l.status as 'active', createdAt: new Date(l.created_at).toISOString(),
  overrides: l.overrides.map((o) => ({ month: o.month, amountMinor: Number(o.amount) })),
});
