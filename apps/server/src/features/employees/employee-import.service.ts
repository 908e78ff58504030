import {
  checkEmployeeIdentifier, IMPORT_MAX_ROWS, MSG, type TEmployeeIdentifier, type TExportQuery, type TImportPreview, type TImportResult, type TImportRowError,
} from '@bizdesk/contract';
import { parseMajor, PayrollInputError } from '@bizdesk/payroll';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { hashCode, randomCode } from '../../platform/auth/passwords.ts';
import { audit } from '../../platform/audit.ts';
import { JobFailure, type TJobRunner } from '../../platform/jobs/jobs.ts';
import { clearStagedRows, createTimeSlicer, stageImportRows } from '../../platform/imports/staging.ts';
import { toImportJob } from '../../platform/imports/import-job.ts';
import type { TSheetUpload } from '../../platform/imports/sheet-upload.ts';
import { readSpreadsheet } from '../../platform/spreadsheets/read-spreadsheet.ts';
import type { TSheetFormat, TSheetLimits, TTable } from '../../platform/spreadsheets/sheet-limits.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import * as departmentsRepo from './departments.repo.ts';
import * as designationsRepo from './designations.repo.ts';
import * as repo from './employees.repo.ts';
import { IDENTIFIER_FIELDS, mapHeader, rowError, rowValues, ZImportRow, type TImportField } from './import-rows.ts';
import { applyStagedEmployees, applyStagedPaySettings, findIdentifiers, violatedForeignKey, type TStagedEmployee, type TStagedPayColumn } from './employee-import.repo.ts';
import { writeCsv, writeXlsx } from './spreadsheet.ts';
import { canSeePay } from './pay-privacy.ts';

export const IMPORT_JOB = 'employee-import';
const MAX_ERRORS_SHOWN = 1000;
const EXPORT_MAX_ROWS = 100_000;
/** An employee list is a few dozen columns of short text; the rest are the platform's defaults. */
const SHEET_LIMITS: Partial<TSheetLimits> = { maxRows: IMPORT_MAX_ROWS, maxColumns: 100, maxCellChars: 1_000 };

/** `maySetPay`: whether the person who started the import may set pay (absent on jobs queued before it existed: they were checked then). */
type TImportPayload = TTable & { fileName: string; format: TSheetFormat; importValidRows: boolean; maySetPay?: boolean; country?: string };
type TCandidate = {
  row: number; values: Omit<repo.TEmployeeValues, 'businessId' | 'employeeNumber' | 'portalCodeHash' | 'employeeUniqueCodeHash'>; employeeNumber?: string;
  /** Statutory identifiers, normalised (issue 31), for the employee's pay settings. */
  identifiers: Partial<Record<TStagedPayColumn, string>>;
};

const PAY_COLUMN_OF: Record<TEmployeeIdentifier, TStagedPayColumn> = {
  tin: 'tin', rsaPin: 'rsa_pin', pensionFundAdministrator: 'pension_fund_administrator', nhfNumber: 'nhf_number', stateOfResidence: 'state_of_residence',
  ghanaCardNumber: 'ghana_card_number', ssnitNumber: 'ssnit_number', region: 'region',
};
/** The pay-private columns of an import: the gross and the statutory identifiers (the same readers as bank details). */
const PAY_FIELDS: readonly TImportField[] = ['grossIncome', ...IDENTIFIER_FIELDS];

/** Export columns of the identifiers, per country (labels the import reads back). */
const IDENTIFIER_EXPORT: Record<'NG' | 'GH', ReadonlyArray<readonly [string, TEmployeeIdentifier]>> = {
  NG: [['TIN', 'tin'], ['RSA PIN', 'rsaPin'], ['PFA', 'pensionFundAdministrator'], ['NHF number', 'nhfNumber'], ['State of residence', 'stateOfResidence']],
  GH: [['Ghana Card', 'ghanaCardNumber'], ['SSNIT number', 'ssnitNumber'], ['TIN', 'tin'], ['Region', 'region']],
};

const EXPORT_COLUMNS = [
  ['Employee number', 'employeeNumber'], ['First name', 'firstName'], ['Last name', 'lastName'], ['Email', 'email'], ['Phone', 'phone'],
  ['Gender', 'gender'], ['Date of birth', 'dateOfBirth'], ['Address', 'address'], ['Next of kin', 'nextOfKinName'], ['Next of kin phone', 'nextOfKinPhone'],
  ['Employment type', 'employmentType'], ['Start date', 'startDate'], ['Unit', 'unit'], ['Department', 'department'], ['Designation', 'designation'],
  ['Gross income', 'grossIncome'],
] as const;

/** Minor units as a major-unit decimal, by integer arithmetic. */
const minorToText = (minor: number | null) => (minor === null ? '' : `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`);

export const createEmployeeImportService = (deps: TDeps, opts: { notify: TNotify; jobs: TJobRunner }) => {
  const { db } = deps;

  /** Reads the sheet and refuses, as a whole, a file that cannot be an employee list. */
  const readSheet = async (upload: TSheetUpload) => {
    // Off the event loop, within the limits (413/400 naming the limit past one).
    const table = await readSpreadsheet(upload.buffer, upload.format, SHEET_LIMITS);
    const header = mapHeader(table.header);
    if (header.missing.length) throw badRequest(`The file needs a header row with the columns: ${header.missing.join(', ')}`).as('importHeaderMissing', { columns: header.missing.join(', ') });
    if (table.rows.length === 0) throw badRequest(MSG.importEmpty);
    return { table, header };
  };

  /**
   * Pay is set by pay roles only (owner, Accounts-access): a gross column with a figure in it, sent by
   * HR-access alone, refuses the whole file, naming the column and the first row that has one, rather than
   * importing the people without the pay the sender meant to set. An empty gross column is merely ignored.
   */
  const assertPayColumnAllowed = (auth: TUserAuth, table: TTable) => {
    if (canSeePay(auth)) return;
    const columns = mapHeader(table.header).columns;
    for (const field of PAY_FIELDS) {
      const index = columns[field];
      if (index === undefined) continue;
      const at = table.rows.findIndex((cells) => String(cells[index] ?? '').trim() !== '');
      if (at >= 0) {
        const column = table.header[index];
        throw forbidden(`row ${at + 2}: column "${column}" sets pay, which only the owner or a user with Accounts-access can do. Remove the "${column}" column (or empty it) and upload the file again.`).as('importPayColumn', { row: at + 2, column });
      }
    }
  };

  /** Judges every row against the schema and the business's data; row numbers are the spreadsheet's (header = 1). */
  const validate = async (tx: DbOrTx, businessId: string, table: TTable, opts: { maySetPay: boolean; country?: string; onProgress?: (processed: number) => void }) => {
    const { onProgress } = opts;
    const mapped = mapHeader(table.header).columns;
    // Without a pay role the pay columns are never read (they were refused above when they held a figure); a job
    // queued before identifiers existed (no country) reads none either.
    const columns = Object.fromEntries(Object.entries(mapped).filter(([field]) => !PAY_FIELDS.includes(field as TImportField)
      || (opts.maySetPay && (field === 'grossIncome' || opts.country !== undefined)))) as typeof mapped;
    const departments = await departmentsRepo.findDepartments(tx, businessId);
    const designations = await designationsRepo.findDesignations(tx, businessId);
    const taken = await repo.findTakenKeys(tx, businessId);
    const designationByName = new Map(designations.map((d) => [d.name.toLowerCase(), d.id]));
    const seenEmail = new Map<string, number>();
    const seenNumber = new Map<string, number>();
    const errors: TImportRowError[] = [];
    const valid: TCandidate[] = [];

    const slicer = createTimeSlicer();
    for (const [i, cells] of table.rows.entries()) {
      // Checking 20,000 rows is a second of work or more: done in short slices so other requests are answered meanwhile.
      if (slicer.isDue()) {
        onProgress?.(i);
        await slicer.yield();
      }
      const row = i + 2;
      const own: TImportRowError[] = [];
      const { input, unit, department, designation, identifiers: idTexts } = rowValues(cells, columns);
      if (!input.email) own.push(rowError(row, 'email', 'is required'));
      if (!input.firstName) own.push(rowError(row, 'firstName', 'is required'));
      if (!input.lastName) own.push(rowError(row, 'lastName', 'is required'));
      const parsed = ZImportRow.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'row');
          if (!own.some((e) => e.field === field)) own.push(rowError(row, field, issue.message));
        }
      }
      let grossIncome: number | null = null;
      if (input.grossIncome !== undefined) {
        try {
          grossIncome = parseMajor(input.grossIncome, 'grossIncome');
        } catch (err) {
          if (!(err instanceof PayrollInputError)) throw err;
          if (!own.some((e) => e.field === 'grossIncome')) own.push(rowError(row, 'grossIncome', err.reason));
        }
      }
      let departmentId: string | null = null;
      if (department) {
        const matches = departments.filter((d) => d.name.toLowerCase() === department.toLowerCase() && (!unit || d.unit.toLowerCase() === unit.toLowerCase()));
        if (matches.length === 1) departmentId = matches[0].id;
        else if (matches.length === 0) own.push(rowError(row, 'department', `"${department}"${unit ? ` in ${unit}` : ''} does not exist; create it first`));
        else own.push(rowError(row, 'department', `"${department}" exists in several units (${matches.map((d) => d.unit).join(', ')}); add a unit column`));
      }
      // Identifiers in their stored form; a refusal names the row and the file's own column label.
      const identifiers: TCandidate['identifiers'] = {};
      for (const [field, text] of Object.entries(idTexts) as Array<[TEmployeeIdentifier, string]>) {
        const checked = checkEmployeeIdentifier(opts.country ?? 'NG', field, text);
        if (checked.ok) identifiers[PAY_COLUMN_OF[field]] = checked.value;
        else own.push({ row, field, message: `row ${row}: ${table.header[columns[field]!]} ${checked.reason}` });
      }
      const designationId = designation ? designationByName.get(designation.toLowerCase()) ?? null : null;
      if (designation && !designationId) own.push(rowError(row, 'designation', `"${designation}" does not exist; add it under designations first`));

      const email = input.email?.toLowerCase();
      if (email && own.every((e) => e.field !== 'email')) {
        if (seenEmail.has(email)) own.push(rowError(row, 'email', `${email} is also on row ${seenEmail.get(email)}`));
        else if (taken.emails.has(email)) own.push(rowError(row, 'email', `${email} already belongs to an employee of this business`));
        seenEmail.set(email, seenEmail.get(email) ?? row);
      }
      const number = input.employeeNumber?.toLowerCase();
      if (number && own.every((e) => e.field !== 'employeeNumber')) {
        if (seenNumber.has(number)) own.push(rowError(row, 'employeeNumber', `${input.employeeNumber} is also on row ${seenNumber.get(number)}`));
        else if (taken.numbers.has(number)) own.push(rowError(row, 'employeeNumber', `${input.employeeNumber} already belongs to an employee of this business`));
        seenNumber.set(number, seenNumber.get(number) ?? row);
      }

      if (own.length || !parsed.success) {
        errors.push(...own);
      } else {
        const v = parsed.data;
        valid.push({
          row,
          employeeNumber: v.employeeNumber,
          identifiers,
          values: {
            firstName: v.firstName, lastName: v.lastName, email: v.email, phone: v.phone ?? null, gender: v.gender ?? null,
            dateOfBirth: v.dateOfBirth ?? null, address: v.address ?? null, nextOfKinName: v.nextOfKinName ?? null, nextOfKinPhone: v.nextOfKinPhone ?? null,
            employmentType: v.employmentType ?? 'full-time', ...(v.startDate ? { startDate: v.startDate } : {}),
            departmentId, designationId, grossIncome,
          },
        });
      }
    }
    onProgress?.(table.rows.length);
    const invalidRows = new Set(errors.map((e) => e.row)).size;
    return { valid, errors, invalidRows, takenNumbers: taken.numbers };
  };

  /** Numbers for the rows without one, past the highest EMP-n, skipping any in use or in the file. */
  const generateNumbers = (last: number, count: number, inUse: Set<string>) => {
    const numbers: string[] = [];
    let next = last;
    while (numbers.length < count) {
      const n = repo.formatEmployeeNumber(++next);
      if (!inUse.has(n.toLowerCase())) numbers.push(n);
    }
    return { numbers, last: next };
  };

  /** A checked row as it is staged: the target columns, codes drawn now, and its place among generated numbers. */
  const toStaged = ({ candidate: c, generated }: { candidate: TCandidate; generated?: number }) => {
    const v = c.values;
    const data: TStagedEmployee = {
      employee_number: c.employeeNumber ?? null, first_name: v.firstName, last_name: v.lastName, email: v.email, phone: v.phone ?? null,
      gender: v.gender ?? null, date_of_birth: v.dateOfBirth ?? null, address: v.address ?? null, next_of_kin_name: v.nextOfKinName ?? null,
      next_of_kin_phone: v.nextOfKinPhone ?? null, employment_type: v.employmentType ?? null, start_date: v.startDate ?? null,
      department_id: v.departmentId ?? null, designation_id: v.designationId ?? null, gross_income: v.grossIncome ?? null,
      // Codes nobody is shown (only their hashes are kept): HR issues an imported employee's codes from their page.
      portal_code: hashCode(randomCode()), employee_unique_code: hashCode(randomCode()),
      ...c.identifiers,
      ...(generated === undefined ? {} : { generated }),
    };
    return { row: c.row, data };
  };

  const resultOf = (v: { valid: unknown[]; errors: TImportRowError[] }, created: number, skipped: number): TImportResult => ({
    created, skipped, validCount: v.valid.length, errorCount: v.errors.length, errors: v.errors.slice(0, MAX_ERRORS_SHOWN),
  });

  /**
   * Checks the rows and stages them in short statements (no transaction held, progress after each
   * step), then applies them in one short transaction: under the business's number lock, one
   * INSERT … SELECT, the audit row, the notice and the job's status commit together or not at all.
   */
  opts.jobs.register(IMPORT_JOB, async ({ job, progress, succeed }) => {
    const payload = job.payload as TImportPayload;
    const total = payload.rows.length;
    const businessId = job.businessId;
    progress({ phase: 'validating', processed: 0, total });
    const checked = await validate(db, businessId, payload, { maySetPay: payload.maySetPay !== false, country: payload.country, onProgress: (n) => progress({ phase: 'validating', processed: n, total }) });
    if (checked.errors.length && !payload.importValidRows) throw new JobFailure(MSG.importNothingImported, resultOf(checked, 0, 0));
    if (checked.valid.length === 0) throw new JobFailure('No row of the file is valid, so nothing was imported.', resultOf(checked, 0, 0));
    let toGenerate = 0;
    const items = checked.valid.map((candidate) => ({ candidate, generated: candidate.employeeNumber ? undefined : ++toGenerate }));
    const inUse = new Set([...checked.takenNumbers, ...checked.valid.flatMap((c) => (c.employeeNumber ? [c.employeeNumber.toLowerCase()] : []))]);
    progress({ phase: 'importing', processed: 0, total: items.length });
    try {
      await stageImportRows(db, { businessId, jobId: job.id, items, toRow: toStaged, onProgress: (n) => progress({ phase: 'importing', processed: n, total: items.length }) });
      await db.transaction(async (tx) => {
        // Rows created since the check (by hand or another import) surface as a unique violation and undo it all.
        await repo.lockEmployeeNumbers(tx, businessId);
        // The numbers come from the business's counter (held until commit), as for one create.
        const { numbers, last } = generateNumbers(await repo.lockEmployeeNumberCounter(tx, businessId), toGenerate, inUse);
        await repo.setEmployeeNumberCounter(tx, businessId, last);
        const ids = await applyStagedEmployees(tx, businessId, job.id, numbers);
        if (checked.valid.some((c) => Object.keys(c.identifiers).length > 0)) await applyStagedPaySettings(tx, businessId, job.id);
        await clearStagedRows(tx, businessId, job.id);
        const result = resultOf(checked, ids.length, checked.invalidRows);
        await audit(tx, { kind: 'system', businessId }, 'employee.imported', {
          entity: 'employee-import', entityId: job.id,
          after: { startedBy: job.createdById, fileName: payload.fileName, created: ids.length, skipped: checked.invalidRows, employeeIds: ids },
        });
        await opts.notify(tx, businessId, {
          category: 'HR', actionType: MSG.importFinished, link: { screen: 'employees', id: null },
          message: `${ids.length} employee${ids.length === 1 ? '' : 's'} imported from ${payload.fileName}${checked.invalidRows ? `; ${checked.invalidRows} row${checked.invalidRows === 1 ? '' : 's'} with errors left out` : ''}`,
          ...(checked.invalidRows
            ? { messageKey: 'employees.importedWithSkipped', params: { count: ids.length, fileName: payload.fileName, skipped: checked.invalidRows } }
            : { messageKey: 'employees.imported', params: { count: ids.length, fileName: payload.fileName } }),
        });
        await succeed(tx, result);
      });
    } catch (err) {
      await clearStagedRows(db, businessId, job.id).catch(() => undefined);
      if (repo.violatedUnique(err) !== null) throw new JobFailure('An e-mail or employee number of the file was taken while importing, so nothing was imported. Run the import again.');
      if (violatedForeignKey(err)) throw new JobFailure('A department or designation named in the file was deleted while importing, so nothing was imported. Run the import again.');
      throw err;
    }
  });

  return {
    /** The dry run: what an import of this file would do, row by row; nothing is written. */
    preview: async (auth: TUserAuth, upload: TSheetUpload): Promise<TImportPreview> => {
      const { table, header } = await readSheet(upload);
      assertPayColumnAllowed(auth, table);
      const maySetPay = canSeePay(auth);
      const checked = await validate(db, auth.businessId, table, { maySetPay, country: auth.country });
      // (Empty) pay columns from HR-access alone are listed as ignored: they set nothing.
      const mapped = mapHeader(table.header).columns;
      const payHeaders = maySetPay ? [] : PAY_FIELDS.flatMap((f) => (mapped[f] === undefined ? [] : [table.header[mapped[f]!]]));
      return {
        fileName: upload.fileName, format: upload.format, totalRows: table.rows.length, validCount: checked.valid.length,
        invalidCount: checked.invalidRows, errorCount: checked.errors.length, errors: checked.errors.slice(0, MAX_ERRORS_SHOWN),
        columns: { recognised: header.recognised.filter((h) => !payHeaders.includes(h)), ignored: [...header.ignored, ...payHeaders] },
      };
    },

    /** Queues the import as a job; all or nothing unless `importValidRows`, then invalid rows are left out. */
    start: async (auth: TUserAuth, upload: TSheetUpload, importValidRows: boolean) => {
      const { table } = await readSheet(upload);
      assertPayColumnAllowed(auth, table);
      const job = await db.transaction(async (tx) => {
        const created = await opts.jobs.enqueue(tx, {
          businessId: auth.businessId, kind: IMPORT_JOB, total: table.rows.length, createdById: auth.userId,
          payload: { ...table, fileName: upload.fileName, format: upload.format, importValidRows, maySetPay: canSeePay(auth), country: auth.country } satisfies TImportPayload,
        });
        await audit(tx, auth, 'employee.import-started', { entity: 'employee-import', entityId: created.id, after: { fileName: upload.fileName, rows: table.rows.length, importValidRows } });
        return created;
      });
      opts.jobs.kick();
      return { jobId: job.id, status: 'queued' as const, total: table.rows.length };
    },

    getJob: async (auth: TUserAuth, jobId: string) => {
      const row = await opts.jobs.get(db, auth.businessId, jobId);
      if (!row || row.kind !== IMPORT_JOB) throw notFound('Import');
      return toImportJob(row);
    },

    /** The list as filtered and sorted on screen, as a file; cells that could run as formulas are neutralised. */
    export: async (auth: TUserAuth, email: string, query: TExportQuery) => {
      assertBusinessEmail(auth, email);
      const total = await repo.countEmployees(db, auth.businessId, query);
      if (total > EXPORT_MAX_ROWS) throw conflict(`The list has ${total} employees; narrow it to at most ${EXPORT_MAX_ROWS} to export`).as('exportTooMany', { total, max: EXPORT_MAX_ROWS });
      const rows = (await repo.listEmployees(db, auth.businessId, { ...query, limit: EXPORT_MAX_ROWS, offset: 0 })).map(repo.toEmployee);
      // Pay is for pay roles only: for HR-access alone the file has no gross column and no identifiers at all.
      const maySeePay = canSeePay(auth);
      const exported = maySeePay ? EXPORT_COLUMNS : EXPORT_COLUMNS.filter(([, key]) => key !== 'grossIncome');
      const idColumns = maySeePay ? IDENTIFIER_EXPORT[auth.country === 'GH' ? 'GH' : 'NG'] : [];
      const ids = idColumns.length ? await findIdentifiers(db, auth.businessId, rows.map((e) => e._id)) : new Map<string, Record<string, string | null>>();
      const header = [...exported.map(([label]) => label), ...idColumns.map(([label]) => label)];
      const cells = rows.map((e) => [
        ...exported.map(([, key]) => (key === 'grossIncome' ? minorToText(e.grossIncomeMinor) : String(e[key] ?? ''))),
        ...idColumns.map(([, field]) => ids.get(e._id)?.[PAY_COLUMN_OF[field]] ?? ''),
      ]);
      const stamp = new Date().toISOString().slice(0, 10);
      return query.format === 'csv'
        ? { body: writeCsv(header, cells), mime: 'text/csv; charset=utf-8', fileName: `employees-${stamp}.csv` }
        : { body: await writeXlsx('Employees', header, cells), mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `employees-${stamp}.xlsx` };
    },
  };
};
export type TEmployeeImportService = ReturnType<typeof createEmployeeImportService>;
