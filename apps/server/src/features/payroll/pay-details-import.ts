import { findPfa, parseSheetNumber, PAY_DETAILS_COLUMNS, PAY_DETAILS_MSG, payDetailsColumns, type TImportRowError, type TPayDetailsColumn, type TPaySettingsInput } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { TJobRunner } from '../../platform/jobs/jobs.ts';
import { createTimeSlicer } from '../../platform/imports/staging.ts';
import { cellOf, mapColumns, rowError } from '../../platform/imports/sheet-columns.ts';
import { createSheetImport, type TSheetInput } from '../../platform/imports/sheet-import.ts';
import { writeCsv, writeXlsx } from '../employees/spreadsheet.ts';
import { bankPatch } from './bank-accounts.ts';
import { applySettings, prepareSettings } from './pay-settings.service.ts';
import { minorText, toSettings } from './pay-input.ts';
import * as repo from './payroll.repo.ts';
import * as structuresRepo from './structures/structures.repo.ts';

export const PAY_DETAILS_IMPORT_JOB = 'pay-details-import';

/** Header names people use, compared in lower case without spaces or punctuation. */
const ALIASES: Record<TPayDetailsColumn, string[]> = {
  employeeNumber: ['employeenumber', 'employeeno', 'empno', 'staffnumber', 'staffno', 'staffid', 'employeeid', 'number'],
  email: ['email', 'emailaddress', 'mail'],
  name: ['name', 'employee', 'employeename', 'fullname'],
  grossIncome: ['grossincome', 'gross', 'annualgross', 'grossannual', 'annualsalary', 'salary'],
  bank: ['bank', 'bankname'],
  bankCode: ['bankcode', 'sortcode', 'cbncode', 'nibsscode'],
  accountNumber: ['accountnumber', 'accountno', 'account', 'nuban'],
  accountName: ['accountname', 'beneficiaryname'],
  payDay: ['payday'],
  structure: ['structure', 'paystructure', 'grade', 'paygrade', 'salarystructure'],
  pensionFundAdministrator: ['pfa', 'pensionfundadministrator', 'pensionfund'],
  rsaPin: ['rsapin', 'pencompin'],
  stateOfResidence: ['state', 'stateofresidence'],
  tin: ['tin', 'taxid', 'taxidentificationnumber'],
  nhf: ['nhf', 'nhfonoff', 'paysnhf'],
  nhfNumber: ['nhfnumber', 'nhfno'],
  region: ['region'],
  ghanaCardNumber: ['ghanacard', 'ghanacardnumber'],
  ssnitNumber: ['ssnit', 'ssnitnumber', 'ssnitno'],
};
const HEADER = Object.fromEntries(PAY_DETAILS_COLUMNS.map((c) => [c.key, c.header])) as Record<TPayDetailsColumn, string>;
/** A settings field named by the server's checks → the column a person wrote it in. */
const COLUMN_OF: Record<string, string> = { ...HEADER, bankName: HEADER.bank, pensionRate: 'Pension rate', split: 'Split' };

export const mapPayDetailsHeader = (header: string[]) => {
  const mapped = mapColumns(header, ALIASES, { fields: [], labels: {} });
  const hasPerson = mapped.columns.employeeNumber !== undefined || mapped.columns.email !== undefined;
  return { ...mapped, missing: hasPerson ? [] : [`${HEADER.employeeNumber} or ${HEADER.email}`] };
};

const YES = new Set(['yes', 'y', 'on', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'off', 'false', '0']);

/** `structureId`: a structure named in the row (null: back to the business default); absent when the cell is blank. */
type TCandidate = { employeeId: string; input: TPaySettingsInput; structureId?: string | null };
type TStructureNames = Map<string, string>;

/** A structure cell → its id (a structure's name, any case), null for "Default", or an error naming the column. */
const structureOf = (value: string, names: TStructureNames, row: number): { structureId: string | null } | { error: TImportRowError } => {
  const id = names.get(value.trim().toLowerCase());
  if (id) return { structureId: id };
  if (/^(business )?default$/i.test(value.trim())) return { structureId: null };
  return { error: rowError(row, HEADER.structure, `"${value}" matches no pay structure of this business (or write Default)`) };
};

/** One row → the settings it sets (blank cells leave values as they are), or the problems, each naming the row and column. */
const parseRow = (country: string, cells: string[], columns: Partial<Record<TPayDetailsColumn, number>>, row: number, language: string, hasStructure = false) => {
  const get = cellOf(cells, columns);
  const errors: TImportRowError[] = [];
  const input: Record<string, unknown> = {};
  const gross = get('grossIncome');
  if (gross !== undefined) {
    const text = parseSheetNumber(gross, language, { maxDecimals: 2 });
    if (text === null || Number(text) <= 0) errors.push(rowError(row, HEADER.grossIncome, `"${gross}" is not an amount more than 0`));
    else input.grossIncome = text;
  }
  const bank = get('bank');
  const code = get('bankCode');
  if (code !== undefined) input.bankCode = code;
  else if (bank !== undefined) input[/^\d+$/.test(bank) ? 'bankCode' : 'bankName'] = bank;
  const account = get('accountNumber')?.replace(/[\s-]/g, '');
  if (account !== undefined) {
    if (!/^\d{6,20}$/.test(account)) errors.push(rowError(row, HEADER.accountNumber, `"${account}" must be 6 to 20 digits`));
    else input.accountNumber = account;
  }
  const accountName = get('accountName');
  if (accountName !== undefined) input.accountName = accountName.slice(0, 160);
  const payDay = get('payDay');
  if (payDay !== undefined) {
    if (!/^\d{1,2}$/.test(payDay) || Number(payDay) < 1 || Number(payDay) > 31) errors.push(rowError(row, HEADER.payDay, `"${payDay}" must be a day between 1 and 31`));
    else input.payDay = Number(payDay);
  }
  const nhf = get('nhf');
  if (nhf !== undefined) {
    if (YES.has(nhf.toLowerCase())) input.nhf = true;
    else if (NO.has(nhf.toLowerCase())) input.nhf = false;
    else errors.push(rowError(row, HEADER.nhf, `"${nhf}" must be yes or no`));
  }
  for (const k of ['pensionFundAdministrator', 'rsaPin', 'stateOfResidence', 'tin', 'nhfNumber', 'region', 'ghanaCardNumber', 'ssnitNumber'] as const) {
    const v = get(k);
    if (v !== undefined) input[k] = v;
  }
  if (!errors.length && !hasStructure && Object.keys(input).length === 0) errors.push(rowError(row, 'row', 'has nothing to set: fill at least one pay column'));
  // The server's own checks (identifier formats, the bank list and the NUBAN), with the message naming the column.
  return { errors, input: input as TPaySettingsInput, country };
};

const asRowError = (row: number, err: unknown) => {
  if (!(err instanceof AppError) || err.status >= 500) throw err;
  const [field, ...rest] = err.message.split(': ');
  return rest.length ? rowError(row, COLUMN_OF[field] ?? field, rest.join(': ')) : rowError(row, 'row', err.message);
};

const validate = async (db: DbOrTx, businessId: string, input: TSheetInput, onProgress?: (n: number) => void) => {
  const country = await repo.getBusinessCountry(db, businessId);
  const { columns } = mapPayDetailsHeader(input.table.header);
  const people = await repo.findAllSettings(db, businessId);
  const structureNames: TStructureNames = new Map((await structuresRepo.findStructures(db, businessId)).map((s) => [s.name.toLowerCase(), s.id]));
  const byNumber = new Map(people.map((p) => [p.employee_number.toLowerCase(), p]));
  const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p]));
  const seen = new Map<string, number>();
  const errors: TImportRowError[] = [];
  const valid: Array<{ row: number; item: TCandidate }> = [];
  const slicer = createTimeSlicer();
  for (const [i, cells] of input.table.rows.entries()) {
    if (slicer.isDue()) {
      onProgress?.(i);
      await slicer.yield();
    }
    const row = i + 2;
    const get = cellOf(cells, columns);
    const number = get('employeeNumber');
    const email = get('email');
    const byN = number ? byNumber.get(number.toLowerCase()) : undefined;
    const byE = email ? byEmail.get(email.toLowerCase()) : undefined;
    const own: TImportRowError[] = [];
    if (!number && !email) own.push(rowError(row, `${HEADER.employeeNumber} or ${HEADER.email}`, 'is empty: say whose pay details these are'));
    // The typed value is not repeated: the row names it, and an answer never echoes another business's people back.
    else if (number && !byN) own.push(rowError(row, HEADER.employeeNumber, 'matches no employee of this business'));
    else if (!number && email && !byE) own.push(rowError(row, HEADER.email, 'matches no employee of this business'));
    else if (byN && byE && byN.employee_id !== byE.employee_id) own.push(rowError(row, HEADER.email, `"${email}" is another employee's e-mail than ${number}'s`));
    const person = byN ?? byE;
    if (person) {
      if (seen.has(person.employee_id)) own.push(rowError(row, number ? HEADER.employeeNumber : HEADER.email, `${person.employee_number} is also on row ${seen.get(person.employee_id)}`));
      else seen.set(person.employee_id, row);
    }
    const structureCell = get('structure');
    const structure = structureCell ? structureOf(structureCell, structureNames, row) : null;
    if (structure && 'error' in structure) own.push(structure.error);
    const parsed = parseRow(country, cells, columns, row, input.language, structure !== null);
    own.push(...parsed.errors);
    if (person && Object.keys(parsed.input).length > 0) {
      try {
        prepareSettings(country, parsed.input);
        bankPatch(country, parsed.input, person);
      } catch (err) {
        own.push(asRowError(row, err));
      }
    }
    if (own.length || !person) errors.push(...own);
    else valid.push({ row, item: { employeeId: person.employee_id, input: parsed.input, ...(structure && !('error' in structure) ? { structureId: structure.structureId } : {}) } });
  }
  onProgress?.(input.table.rows.length);
  return { valid, errors };
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Pay details import (preview, valid rows or all) and export: the Wages screen's spreadsheet, pay roles only. */
export const createPayDetailsService = (deps: TDeps, opts: { jobs: TJobRunner }) => {
  const { db } = deps;
  const imports = createSheetImport<TCandidate>({ db, jobs: opts.jobs }, {
    kind: PAY_DETAILS_IMPORT_JOB,
    allowValidRows: true,
    limits: { maxRows: 10_000, maxColumns: 60, maxCellChars: 500 },
    messages: PAY_DETAILS_MSG,
    auditEntity: 'employee-pay',
    auditAction: 'pay.details-import-started',
    mapHeader: mapPayDetailsHeader,
    validate,
    apply: async ({ job, payload, valid, progress, finish }) => {
      const businessId = job.businessId;
      await db.transaction(async (tx) => {
        const country = await repo.getBusinessCountry(tx, businessId);
        const actor = { country, businessId, userId: job.createdById as string };
        const changes = [];
        let assigned = false;
        for (const [i, v] of valid.entries()) {
          const before = await repo.getEmployeeSettings(tx, businessId, v.item.employeeId);
          if (!before) continue; // deleted since the check: nothing to set
          // A structure named in the row first: assigning clears the own split, which the row's settings may then set again.
          if (v.item.structureId !== undefined) {
            await structuresRepo.assignStructure(tx, businessId, v.item.structureId, [v.item.employeeId]);
            assigned = true;
          }
          if (Object.keys(v.item.input).length > 0) await applySettings(tx, actor, before, v.item.input, prepareSettings(country, v.item.input));
          const after = (await repo.getEmployeeSettings(tx, businessId, v.item.employeeId))!;
          changes.push({ entity: 'employee-pay' as const, entityId: v.item.employeeId, before: toSettings(before), after: toSettings(after) });
          if (i % 200 === 0) progress(i);
        }
        if (assigned) await structuresRepo.bumpDraftRuns(tx, businessId);
        if (changes.length) await audit(tx, { kind: 'system', businessId }, 'pay.settings-imported', changes);
        await audit(tx, { kind: 'system', businessId }, 'pay.details-imported', { entity: 'employee-pay', entityId: job.id, after: { startedBy: job.createdById, fileName: payload.fileName, updated: changes.length } });
        await finish(tx, changes.length);
      });
    },
  });

  return {
    ...imports,
    /** Every employee's pay details in the import's columns, so the file can be edited and imported back. */
    export: async (auth: TUserAuth, format: 'csv' | 'xlsx') => {
      const columns = payDetailsColumns(auth.country);
      const structureName = new Map((await structuresRepo.findStructures(db, auth.businessId)).map((s) => [s.id, s.name]));
      const rows = (await repo.findAllSettings(db, auth.businessId)).map((r) => {
        const values: Record<TPayDetailsColumn, string> = {
          employeeNumber: r.employee_number, email: r.email, name: `${r.first_name} ${r.last_name}`.trim(),
          grossIncome: r.gross_income === null ? '' : minorText(Number(r.gross_income)), bank: r.bank_name ?? '', bankCode: r.bank_code ?? '',
          accountNumber: r.account_number ?? '', accountName: r.account_name ?? '', payDay: r.pay_day === null ? '' : String(r.pay_day),
          structure: r.structure_id ? structureName.get(r.structure_id) ?? '' : 'Default',
          pensionFundAdministrator: findPfa(r.pension_fund_administrator)?.name ?? r.pension_fund_administrator ?? '', rsaPin: r.rsa_pin ?? '',
          stateOfResidence: r.state_of_residence ?? '', tin: r.tin ?? '', nhf: r.nhf ? 'yes' : 'no', nhfNumber: r.nhf_number ?? '',
          region: r.region ?? '', ghanaCardNumber: r.ghana_card_number ?? '', ssnitNumber: r.ssnit_number ?? '',
        };
        return columns.map((c) => values[c.key]);
      });
      const header = columns.map((c) => c.header);
      return format === 'csv'
        ? { body: writeCsv(header, rows), mime: 'text/csv; charset=utf-8', fileName: 'pay-details.csv' }
        : { body: await writeXlsx('Pay details', header, rows), mime: XLSX, fileName: 'pay-details.xlsx' };
    },
  };
};
export type TPayDetailsService = ReturnType<typeof createPayDetailsService>;
