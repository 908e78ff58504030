import { checkEmployeeIdentifier, PAY_MSG, type TEmployeeIdentifier, type TPaySettingsInput } from '@bizdesk/contract';
import { parsePercent, PayrollInputError, validatePayInput } from '@bizdesk/payroll';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import { currentMonth, isValidNuban, minorText, toSettings } from './pay-input.ts';
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

    /** payment-settings/{id}: any subset; the account number is checked against the bank code (NUBAN) in Nigeria. */
    update: async (auth: TUserAuth, employeeId: string, input: TPaySettingsInput) => {
      const gross = majorToMinor(input.grossIncome, 'grossIncome', { isOptional: true });
      if (gross === 0) throw badRequest('grossIncome: must be more than 0');
      let split: repo.TSettingsPatch['split'];
      if (input.split === null) split = null;
      else if (input.split) {
        split = { basic: percentBp(input.split.basic, 'split.basic'), housing: percentBp(input.split.housing, 'split.housing'), transport: percentBp(input.split.transport, 'split.transport') };
        if (split.basic + split.housing + split.transport > 10_000) throw badRequest('split: basic, housing and transport together must be at most 100%').as('splitOver100');
        assertSplitFitsRules(auth.country, input.split);
      }
      const identifiers = identifierPatch(auth.country, input);
      const tier3 = { tier3_employee_bp: tier3Bp(auth.country, input.tier3Employee, 'tier3Employee'), tier3_employer_bp: tier3Bp(auth.country, input.tier3Employer, 'tier3Employer') };
      const money = (v: unknown, field: string) => (v === null ? 0 : (majorToMinor(v, field, { isOptional: true }) as number | undefined));
      return db.transaction(async (tx) => {
        const before = await getEmployeeOr404(tx, auth.businessId, employeeId);
        const bankCode = input.bankCode === undefined ? before.bank_code : input.bankCode;
        const account = input.accountNumber === undefined ? before.account_number : input.accountNumber;
        if (auth.country === 'NG' && account && (input.accountNumber !== undefined || input.bankCode !== undefined)) {
          if (!bankCode) throw badRequest('bankCode: is required with a Nigerian account number').as('bankCodeNeeded');
          if (!isValidNuban(bankCode, account)) throw badRequest(`accountNumber: ${account} is not a valid NUBAN for bank code ${bankCode} (10 digits whose last is the check digit)`).as('invalidNuban', { account, bankCode });
        }
        await repo.upsertSettings(tx, auth.businessId, employeeId, {
          split, bank_name: input.bankName, bank_code: input.bankCode, account_number: input.accountNumber, account_name: input.accountName,
          pay_day: input.payDay, pension_base: input.pensionBase,
          pension_rate_bp: input.pensionRate === null ? null : input.pensionRate === undefined ? undefined : percentBp(input.pensionRate, 'pensionRate'),
          ...identifiers, ...tier3,
          nhf: input.nhf,
          nhis_monthly: money(input.nhis, 'nhis'), life_assurance_annual: money(input.lifeAssurance, 'lifeAssurance'),
          rent_annual: money(input.rent, 'rent'), mortgage_interest_annual: money(input.mortgageInterest, 'mortgageInterest'),
        });
        if (gross !== undefined) {
          await repo.setGross(tx, auth.businessId, employeeId, gross);
          if (gross !== null) await repo.insertGrossChange(tx, { businessId: auth.businessId, employeeId, previous: before.gross_income === null ? null : Number(before.gross_income), gross, effectiveDate: new Date().toISOString().slice(0, 10), changedById: auth.userId });
        }
        await repo.bumpDraftRunsOf(tx, auth.businessId, employeeId);
        const after = (await repo.getEmployeeSettings(tx, auth.businessId, employeeId))!;
        await audit(tx, auth, 'pay.settings-updated', { entity: 'employee-pay', entityId: employeeId, before: toSettings(before), after: toSettings(after) });
        return toSettings(after);
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
