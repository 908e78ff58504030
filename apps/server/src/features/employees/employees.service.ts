import { randomUUID } from 'node:crypto';
import {
  type TEmployeeExitInput,
  MSG, PORTAL_EDITABLE_FIELDS, type TEmployee, type TEmployeeDetail, type TEmployeeWithCodes, type TIssuedCodes, type TEmployeeInput, type TEmployeeListQuery, type TEmployeeUpdate,
  type TSummary, type TUpdateDepartment, type TUpdateHierarchy,
} from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { found } from '../../platform/search.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { hashCode, randomCode } from '../../platform/auth/passwords.ts';
import { audit, auditEntries } from '../../platform/audit.ts';
import { raiseWebhookEvent } from '../../platform/webhooks/outbox.ts';
import { fillIn, noticeEvents, type TRecords } from '../../platform/records.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import type { TUpload } from '../../platform/http/uploads.ts';
import type { TNotice, TNotify } from '../notifications/notifications.service.ts';
import * as authRepo from '../auth/auth.repo.ts';
import * as departmentsRepo from './departments.repo.ts';
import * as designationsRepo from './designations.repo.ts';
import * as filesRepo from '../documents/documents.repo.ts';
import * as repo from './employees.repo.ts';
import { majorToMinor } from '../../platform/money.ts';
import { createVersionedCache } from '../../platform/versioned-cache.ts';
import { createBatcher } from '../../platform/batcher.ts';

/** Annual gross as typed (major units) → integer minor units, read from its text. */
export const grossToMinor = (value: TEmployeeInput['grossIncome'], field = 'grossIncome'): number | null | undefined =>
  majorToMinor(value, field, { isOptional: true });

/** What the audit log keeps of an employee (the record carries no sign-in codes: they are shown once, when issued). */
export const auditView = (e: TEmployee) => e;

/** What a webhook tells of an employee: who and where they work; never pay, codes, address or next of kin. */
const webhookView = (e: TEmployee) => ({
  employeeId: e._id, employeeNumber: e.employeeNumber, firstName: e.firstName, lastName: e.lastName, email: e.email,
  employmentType: e.employmentType, startDate: e.startDate, departmentId: e.departmentId, department: e.department, designation: e.designation,
});

/** Two fresh sign-in codes: as shown once to whoever issues them, and as stored (their hashes). */
export const issueCodes = () => {
  const codes: TIssuedCodes = { portalCode: randomCode(), employeeUniqueCode: randomCode() };
  return { codes, hashes: { portalCodeHash: hashCode(codes.portalCode), employeeUniqueCodeHash: hashCode(codes.employeeUniqueCode) } };
};

/** A portal token reaches only its own employee; anyone else's id is simply not found. */
export const assertOwnEmployee = (auth: TAuth, employeeId: string) => {
  if (auth.kind === 'collector') throw forbidden(MSG.forbidden);
  if (auth.kind === 'portal' && auth.employeeId !== employeeId) throw notFound('Employee');
};

export const conflictOf = (err: unknown): never => {
  // A department or designation deleted between the check and the write.
  const reference = repo.violatedReference(err);
  if (reference === 'employees_department_id_departments_id_fk') throw badRequest('departmentId: is not a department of this business').as('notOwnDepartment');
  if (reference === 'employees_designation_id_designations_id_fk') throw badRequest('designationId: is not a designation of this business').as('notOwnDesignation');
  const constraint = repo.violatedUnique(err);
  if (constraint === 'employees_business_email_uq') throw conflict(MSG.employeeEmailTaken);
  if (constraint === 'employees_business_number_uq') throw conflict(MSG.employeeNumberTaken);
  if (constraint !== null) throw conflict('This employee could not be saved because of a clash with another record; please try again').as('employeeClash');
  throw err;
};

/** Tries of an automatic number before giving up; each failed try moves the counter past a whole run of taken numbers. */
const NUMBER_ATTEMPTS = 5;
/**
 * Creates run together: at most two statements at once (the rest wait and go in the next, so a burst costs the
 * database a fraction of one statement per create), up to 24 creates in one, at most 8 of one business.
 */
const CREATES_TOGETHER = { maxRunning: 2, maxItems: 24, maxPerGroup: 8 };

const firstOfMonthsAgo = (months: number, now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));

/** Called inside the transaction that records or withdraws an exit. */
export type TExitHandler = (tx: DbOrTx, businessId: string, employeeId: string) => Promise<void>;

export const createEmployeesService = (deps: TDeps, opts: { notify: TNotify; notice: TNotice }) => {
  const exitHandlers: TExitHandler[] = [];
  const { db, storage } = deps;
  /**
   * Pages of the staff list by what was asked, each with the list's version when it was read
   * (employeesListVersion): a page is answered again, without the page query, until anything it shows
   * changes — on any instance, since the version is the database's.
   */
  const pages = createVersionedCache<{ rows: TEmployee[]; totalRecords: number }>(deps.config.LIST_CACHE_PAGES);
  /**
   * Creates that arrive while the database is busy with others run together, as one statement (batcher.ts); a
   * create alone runs at once. Two creates of one business with the same e-mail or typed number never share one.
   */
  const creates = createBatcher<repo.TNewEmployeeWithRecords, repo.TCreated>({
    runMany: (items) => repo.createEmployees(db, items),
    groupOf: ({ values }) => values.businessId,
    keysOf: ({ values }) => [
      `${values.businessId} e-mail ${values.email.toLowerCase()}`,
      ...(values.employeeNumber ? [`${values.businessId} number ${values.employeeNumber.toLowerCase()}`] : []),
    ],
    ...CREATES_TOGETHER,
  });

  const getEmployee = async (tx: DbOrTx, auth: TAuth, id: string) => {
    assertOwnEmployee(auth, id);
    const row = await repo.findEmployee(tx, auth.businessId, id);
    if (!row) throw notFound('Employee');
    return row;
  };

  /** Department and designation must be this business's; named in the message by the field sent. */
  const checkRefs = async (tx: DbOrTx, businessId: string, input: { departmentId?: string | null; designationId?: string | null }) => {
    if (input.departmentId && !(await departmentsRepo.findDepartment(tx, businessId, input.departmentId))) {
      throw badRequest('departmentId: is not a department of this business').as('notOwnDepartment');
    }
    if (input.designationId && !(await designationsRepo.findDesignation(tx, businessId, input.designationId))) {
      throw badRequest('designationId: is not a designation of this business').as('notOwnDesignation');
    }
  };

  const detailOf = async (tx: DbOrTx, businessId: string, row: repo.TEmployeeRow): Promise<TEmployeeDetail> => {
    const linked = [row.appraiserId, row.superiorId, row.uplineId].filter((v): v is string => Boolean(v));
    const [people, downlines] = await Promise.all([repo.findPeople(tx, businessId, linked), repo.findDownlines(tx, businessId, row.id)]);
    const ref = (id: string | null) => {
      const p = id ? people.find((x) => x.id === id) : undefined;
      return p ? repo.toPersonRef(p) : null;
    };
    return { ...repo.toEmployee(row), appraiser: ref(row.appraiserId), superior: ref(row.superiorId), upline: ref(row.uplineId), downlines: downlines.map(repo.toPersonRef) };
  };

  /**
   * One statement (repo.createEmployees, shared with the creates waiting at the same time: `creates`): the checks,
   * the automatic number, the employee and its audit entry and notification, written all or none, without a
   * transaction or a business-wide lock (the counter row is locked only for the statement, so a business's creates
   * run side by side). The records are built here before the number and the names are known: the statement fills
   * those in (fillIn). A race the checks cannot see (the same e-mail or a hand-typed number saved meanwhile) is
   * answered 409 by the unique indexes (conflictOf). A create that fails after taking its number leaves a gap, as a
   * database sequence does; the usual 4xx takes none.
   */
  const insertEmployee = async (auth: TUserAuth, input: TEmployeeInput, grossIncome: number | null | undefined): Promise<TEmployeeWithCodes> => {
    // The row's times and default start date are set here, so the audit entry shows exactly what is stored.
    const now = new Date();
    const { codes, hashes } = issueCodes();
    const values: repo.TNewEmployee = {
      id: randomUUID(),
      businessId: auth.businessId,
      employeeNumber: input.employeeNumber || null,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      gender: input.gender ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      address: input.address ?? null,
      nextOfKinName: input.nextOfKinName ?? null,
      nextOfKinPhone: input.nextOfKinPhone ?? null,
      employmentType: input.employmentType ?? 'full-time',
      startDate: input.startDate ?? now.toISOString().slice(0, 10),
      // A defaulted start date (the day of entry) does not make a joiner: their first run pays the whole month.
      startDateGiven: Boolean(input.startDate),
      departmentId: input.departmentId ?? null,
      designationId: input.designationId ?? null,
      grossIncome: grossIncome ?? null,
      probationEndDate: input.probationEndDate ?? null,
      contractEndDate: input.contractEndDate ?? null,
      ...hashes,
      createdAt: now,
      updatedAt: now,
    };
    // What the statement finds, as marks it replaces; a department or designation asked for exists when it writes.
    const later = (name: keyof typeof repo.CREATE_FILL_INS) => fillIn(name);
    const names = {
      department: values.departmentId ? later('department') : null,
      unitId: values.departmentId ? later('unitId') : null,
      unit: values.departmentId ? later('unit') : null,
      designation: values.designationId ? later('designation') : null,
    };
    const employee = repo.toEmployee({
      ...values, employeeNumber: values.employeeNumber ?? later('employeeNumber'),
      photoKey: null, appraiserId: null, superiorId: null, uplineId: null, portalCodeVersion: 0, portalPinHash: null, deletedAt: null, exitDate: null, exitReason: null, exitNote: null, ...names,
    });
    const records: TRecords = {
      audit: [
        ...auditEntries(auth, 'employee.created', { entity: 'employee', entityId: values.id, after: auditView(employee) }),
        // Who handed the codes out: they saw them once, in this answer.
        ...auditEntries(auth, 'employee.portal-code-issued', { entity: 'employee', entityId: values.id, after: { reissued: false } }),
      ],
      notices: [opts.notice(auth.businessId, {
        category: 'HR', actionType: 'New employee',
        message: `${employee.name} (${employee.employeeNumber}) was added${employee.department ? ` to ${employee.department}` : ''}`,
        link: { screen: 'employee', id: values.id },
        ...(employee.department
          ? { messageKey: 'employees.createdInDepartment', params: { name: employee.name, number: employee.employeeNumber, department: employee.department } }
          : { messageKey: 'employees.created', params: { name: employee.name, number: employee.employeeNumber } }),
      })],
    };
    const created = await creates.submit({ values, records });
    if (!created.departmentFound) throw badRequest('departmentId: is not a department of this business').as('notOwnDepartment');
    if (!created.designationFound) throw badRequest('designationId: is not a designation of this business').as('notOwnDesignation');
    if (!created.emailFree) throw conflict(MSG.employeeEmailTaken);
    if (!created.employee) throw new Error('employee create wrote nothing although its checks passed');
    deps.events.announce(noticeEvents(records)); // committed: the live streams hear of it now
    // The create is one statement without a transaction (its hot path); the event is queued right after it commits.
    await raiseWebhookEvent(deps, db, auth.businessId, 'employee.created', webhookView(repo.toEmployee({ ...created.employee, department: created.department, unitId: created.unitId, unit: created.unit, designation: created.designation })))
      .catch((err: unknown) => deps.log.error({ err, employeeId: values.id }, 'webhook event employee.created not queued'));
    const { department, unitId, unit, designation } = created;
    return { ...repo.toEmployee({ ...created.employee, department, unitId, unit, designation }), ...codes };
  };

  return {
    getEmployee,

    /** The scheduled fold of the list's live counts into one row per business. */
    foldLiveCounts: async () => {
      await repo.foldEmployeeLiveCounts(db);
    },

    /** `{id}` names the business: the caller's user id, another user of the business (the owner) or the business id. */
    create: async (auth: TUserAuth, id: string, input: TEmployeeInput) => {
      if (id !== auth.businessId && id !== auth.userId && !(await authRepo.findUserInBusiness(db, auth.businessId, id))) throw notFound('User');
      const grossIncome = grossToMinor(input.grossIncome);
      // An automatic number someone already typed by hand (or imported) moves the counter past it and tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await insertEmployee(auth, input, grossIncome);
        } catch (err) {
          const retry = !input.employeeNumber && attempt < NUMBER_ATTEMPTS && repo.violatedUnique(err) === 'employees_business_number_uq';
          if (!retry) return conflictOf(err);
          await repo.skipTakenEmployeeNumbers(db, auth.businessId);
        }
      }
    },

    /** One page; the answer is shared between requests and must not be changed (withoutPay copies). */
    list: async (auth: TUserAuth, email: string, query: TEmployeeListQuery) => {
      assertBusinessEmail(auth, email);
      // The version first: a page read after it can only be newer than the version it is kept under.
      const version = await repo.employeesListVersion(db, auth.businessId);
      const key = JSON.stringify([auth.businessId, query.page, query.limit, query.sort, query.order, query.search ?? null, query.departmentId ?? null, query.designationId ?? null, query.status ?? null]);
      const kept = pages.get(key, version);
      if (kept) return kept;
      const { rows, totalRecords } = await repo.findEmployeePage(db, auth.businessId, { ...query, offset: pageOffset(query) });
      const page = { rows: rows.map(repo.toEmployee), totalRecords };
      pages.set(key, version, page);
      return page;
    },

    /** The top-bar search (issues 10, 30): employees whose name, e-mail or number contains the text, those starting with it first. */
    search: async (auth: TUserAuth, text: string, limit: number) => {
      const { rows, more } = found(await repo.searchEmployees(db, auth.businessId, text, limit), limit);
      return { rows: rows.map(repo.toEmployee), more };
    },

    /** Staff as name + number for pickers of other features (the store's "received/used by"); no pay or contact data. */
    people: async (businessId: string, text: string, limit: number, tx?: DbOrTx) => (await repo.findPeopleMatching(tx ?? db, businessId, text.trim().toLowerCase(), limit)).map(repo.toPersonRef),
    personByNumber: async (businessId: string, employeeNumber: string, tx?: DbOrTx) => {
      const row = await repo.findPersonByNumber(tx ?? db, businessId, employeeNumber);
      return row ? repo.toPersonRef(row) : undefined;
    },
    /** A user's linked employee: the one with the user's e-mail. */
    personByEmail: async (businessId: string, email: string, tx?: DbOrTx) => {
      const row = await repo.findPersonByEmail(tx ?? db, businessId, email);
      return row ? repo.toPersonRef(row) : undefined;
    },

    detail: async (auth: TAuth, id: string) => detailOf(db, auth.businessId, await getEmployee(db, auth, id)),

    /** HR changes any field; an employee in the portal only their own contact details. */
    update: async (auth: TAuth, id: string, input: TEmployeeUpdate) => {
      if (auth.kind === 'portal') {
        const refused = Object.keys(input).filter((k) => input[k as keyof TEmployeeUpdate] !== undefined && !(PORTAL_EDITABLE_FIELDS as readonly string[]).includes(k));
        if (refused.length) throw forbidden(`Only HR can change: ${refused.join(', ')}`);
      }
      const grossIncome = grossToMinor(input.grossIncome);
      return db.transaction(async (tx) => {
        const before = await getEmployee(tx, auth, id);
        await checkRefs(tx, auth.businessId, input);
        await repo.lockEmployeeNumbers(tx, auth.businessId);
        if (input.email && (await repo.isEmailTaken(tx, auth.businessId, input.email, id))) throw conflict(MSG.employeeEmailTaken);
        if (input.employeeNumber && (await repo.isNumberTaken(tx, auth.businessId, input.employeeNumber, id))) throw conflict(MSG.employeeNumberTaken);
        const { grossIncome: _g, ...fields } = input;
        const patch = Object.fromEntries(Object.entries({ ...fields, ...(grossIncome !== undefined ? { grossIncome } : {}) }).filter(([, v]) => v !== undefined));
        // A start date changed by hand is a given one (forms send the stored date back unchanged: that says nothing new).
        const isStartGiven = Boolean(input.startDate) && input.startDate !== before.startDate;
        await repo.updateEmployee(tx, auth.businessId, id, { ...patch, ...(isStartGiven ? { startDateGiven: true } : {}) });
        const after = await repo.findEmployee(tx, auth.businessId, id);
        await audit(tx, auth, 'employee.updated', { entity: 'employee', entityId: id, before: auditView(repo.toEmployee(before)), after: auditView(repo.toEmployee(after!)) });
        await raiseWebhookEvent(deps, tx, auth.businessId, 'employee.updated', { ...webhookView(repo.toEmployee(after!)), changed: Object.keys(patch).filter((k) => k !== 'grossIncome') });
        return detailOf(tx, auth.businessId, after!);
      }).catch(conflictOf);
    },

    /**
     * An exit (issue 32): the last day worked and why. The employee stays on the staff list (as left), with their
     * history and payslips; runs of later months leave them out and the run of the last day's month settles them.
     */
    recordExit: async (auth: TUserAuth, id: string, input: TEmployeeExitInput) =>
      db.transaction(async (tx) => {
        const before = await getEmployee(tx, auth, id);
        const name = `${before.firstName} ${before.lastName}`;
        if (before.startDateGiven && input.lastDay < before.startDate) throw badRequest(`lastDay: is before ${name} joined on ${before.startDate}`).as('beforeJoined', { name, joined: before.startDate });
        await repo.setExit(tx, auth.businessId, id, { exitDate: input.lastDay, exitReason: input.reason, exitNote: input.note?.trim() || null });
        const after = (await repo.findEmployee(tx, auth.businessId, id))!;
        await audit(tx, auth, 'employee.exit-recorded', { entity: 'employee', entityId: id,
          before: { exitDate: before.exitDate, exitReason: before.exitReason, exitNote: before.exitNote }, after: { exitDate: after.exitDate, exitReason: after.exitReason, exitNote: after.exitNote } });
        for (const handler of exitHandlers) await handler(tx, auth.businessId, id);
        return detailOf(tx, auth.businessId, after);
      }),

    /** Withdraws an exit recorded by mistake (audited); the employee is current again. */
    withdrawExit: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const before = await getEmployee(tx, auth, id);
        if (!before.exitDate) throw conflict('No exit is recorded for this employee').as('noExitRecorded');
        await repo.setExit(tx, auth.businessId, id, { exitDate: null, exitReason: null, exitNote: null });
        await audit(tx, auth, 'employee.exit-withdrawn', { entity: 'employee', entityId: id,
          before: { exitDate: before.exitDate, exitReason: before.exitReason, exitNote: before.exitNote }, after: { exitDate: null, exitReason: null, exitNote: null } });
        for (const handler of exitHandlers) await handler(tx, auth.businessId, id);
        return detailOf(tx, auth.businessId, (await repo.findEmployee(tx, auth.businessId, id))!);
      }),

    /** Payroll marks the employee's draft runs as changed when an exit is recorded or withdrawn (same transaction). */
    onExitChanged: (handler: TExitHandler) => {
      exitHandlers.push(handler);
    },

    /** Soft delete: payslips and the audit trail keep pointing at the row; lists no longer show it. */
    delete: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const before = await getEmployee(tx, auth, id);
        await repo.softDeleteEmployee(tx, auth.businessId, id);
        await repo.clearLinksTo(tx, auth.businessId, id);
        await audit(tx, auth, 'employee.deleted', { entity: 'employee', entityId: id, before: auditView(repo.toEmployee(before)) });
        await opts.notify(tx, auth.businessId, {
          category: 'HR', actionType: 'Employee removed', message: `${before.firstName} ${before.lastName} (${before.employeeNumber}) was removed from the staff list`,
          messageKey: 'employees.removed', params: { name: `${before.firstName} ${before.lastName}`, number: before.employeeNumber }, link: { screen: 'employees', id: null },
        });
        return { _id: id };
      }),

    updateDepartment: async (auth: TUserAuth, input: TUpdateDepartment) => {
      const ids = [...new Set([...(input.employeeIds ?? []), ...(input.employeeId ? [input.employeeId] : [])])];
      return db.transaction(async (tx) => {
        const department = await departmentsRepo.findDepartment(tx, auth.businessId, input.departmentId);
        if (!department) throw notFound('Department');
        const before = await repo.findEmployeesByIds(tx, auth.businessId, ids);
        if (before.length !== ids.length) throw notFound('Employee');
        await repo.moveToDepartment(tx, auth.businessId, ids, department.id);
        await audit(tx, auth, 'employee.department-changed', before.map((e) => ({
          entity: 'employee', entityId: e.id, before: { departmentId: e.departmentId, department: e.department }, after: { departmentId: department.id, department: department.name },
        })));
        return (await repo.findEmployeesByIds(tx, auth.businessId, ids)).map(repo.toEmployee);
      });
    },

    /** Appraiser, superior, upline and downlines; all of this business, nobody their own, no circles. */
    updateHierarchy: async (auth: TUserAuth, input: TUpdateHierarchy) =>
      db.transaction(async (tx) => {
        const employee = await getEmployee(tx, auth, input.employeeId);
        const named: Array<[string, string]> = [];
        for (const field of ['appraiser', 'superior', 'upline'] as const) {
          const value = input[field];
          if (value) named.push([field, value]);
        }
        for (const d of input.downlines ?? []) named.push(['downlines', d]);
        for (const [field, id] of named) {
          if (id === employee.id) throw badRequest(`${field}: an employee cannot be their own ${field === 'downlines' ? 'downline' : field}`).as(field === 'downlines' ? 'ownDownline' : field === 'upline' ? 'ownUpline' : field === 'appraiser' ? 'ownAppraiser' : 'ownSuperior');
        }
        const found = new Set((await repo.findPeople(tx, auth.businessId, named.map(([, id]) => id))).map((p) => p.id));
        const missing = named.find(([, id]) => !found.has(id));
        if (missing) throw badRequest(`${missing[0]}: ${missing[1]} is not an employee of this business`).as('notOwnEmployee', { id: missing[1] });

        const beforeDownlines = (await repo.findDownlines(tx, auth.businessId, employee.id)).map((d) => d.id);
        const patch = {
          ...(input.appraiser !== undefined ? { appraiserId: input.appraiser } : {}),
          ...(input.superior !== undefined ? { superiorId: input.superior } : {}),
          ...(input.upline !== undefined ? { uplineId: input.upline } : {}),
        };
        if (Object.keys(patch).length) await repo.updateEmployee(tx, auth.businessId, employee.id, patch);
        if (input.downlines) await repo.replaceDownlines(tx, auth.businessId, employee.id, [...new Set(input.downlines)]);
        // Every new circle passes through this employee, so checking from here is enough.
        if (await repo.isInCycle(tx, auth.businessId, employee.id, 'upline_id')) {
          throw badRequest(input.downlines ? 'downlines: this would make a circle — someone would end up above themselves in the upline chain' : 'upline: this would make a circle — the employee would end up above themselves').as(input.downlines ? 'uplineCircle' : 'hierarchyCircle');
        }
        if (await repo.isInCycle(tx, auth.businessId, employee.id, 'superior_id')) {
          throw badRequest('superior: this would make a circle — the employee would end up above themselves').as('hierarchyCircle');
        }
        const after = (await repo.findEmployee(tx, auth.businessId, employee.id))!;
        const detail = await detailOf(tx, auth.businessId, after);
        await audit(tx, auth, 'employee.hierarchy-changed', {
          entity: 'employee', entityId: employee.id,
          before: { appraiserId: employee.appraiserId, superiorId: employee.superiorId, uplineId: employee.uplineId, downlines: beforeDownlines },
          after: { appraiserId: after.appraiserId, superiorId: after.superiorId, uplineId: after.uplineId, downlines: detail.downlines.map((d) => d._id) },
        });
        return detail;
      }),

    /**
     * Appraisers of many employees in the caller's transaction (appraisals' bulk assignment): each change is
     * audited like a hierarchy edit. The caller checks that every id is a live employee of the business.
     */
    setAppraisers: async (tx: DbOrTx, auth: TUserAuth, changes: Array<{ employeeId: string; appraiserId: string; before: string | null }>) => {
      for (const c of changes) {
        if (c.employeeId === c.appraiserId) throw badRequest('appraiserId: an employee cannot be their own appraiser').as('ownAppraiser');
        await repo.updateEmployee(tx, auth.businessId, c.employeeId, { appraiserId: c.appraiserId });
      }
      if (changes.length) {
        await audit(tx, auth, 'employee.hierarchy-changed', changes.map((c) => ({
          entity: 'employee' as const, entityId: c.employeeId, before: { appraiserId: c.before }, after: { appraiserId: c.appraiserId },
        })));
      }
    },

    /**
     * New portal and employee codes, shown once in the answer: the old ones, the employee's PIN and every portal
     * session stop working at once, so the employee chooses a new PIN on their next sign-in (and sees that their
     * access was reset). The audit trail names who issued them.
     */
    regeneratePortalCode: async (auth: TUserAuth, id: string): Promise<TEmployeeWithCodes> =>
      db.transaction(async (tx) => {
        const before = await getEmployee(tx, auth, id);
        const { codes, hashes } = issueCodes();
        await repo.setCodeHashes(tx, auth.businessId, id, hashes);
        await audit(tx, auth, 'employee.portal-code-issued', { entity: 'employee', entityId: id, after: { reissued: true, pinCleared: before.portalPinHash !== null } });
        return { ...repo.toEmployee((await repo.findEmployee(tx, auth.businessId, id))!), ...codes };
      }).catch(conflictOf),

    setPhoto: async (auth: TAuth, id: string, file: TUpload) => {
      await getEmployee(db, auth, id);
      const key = `${auth.businessId}/${crypto.randomUUID()}.${file.ext}`;
      await storage.put(key, file.buffer, file.mime);
      let previous: string | null = null;
      try {
        await db.transaction(async (tx) => {
          const before = await getEmployee(tx, auth, id);
          previous = before.photoKey;
          await repo.updateEmployee(tx, auth.businessId, id, { photoKey: key });
          await audit(tx, auth, 'employee.photo-changed', { entity: 'employee', entityId: id, before: { photoKey: before.photoKey }, after: { photoKey: key } });
        });
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
      // The replaced photo is removed only once the new one is committed.
      if (previous) await storage.delete(previous).catch((err: unknown) => deps.log.warn({ err }, 'old photo not removed'));
      return { _id: id, imagePath: repo.photoPath(id) };
    },

    getPhoto: async (auth: TAuth, id: string) => {
      const employee = await getEmployee(db, auth, id);
      const file = employee.photoKey ? await storage.get(employee.photoKey) : null;
      if (!file) throw notFound('Photo');
      return file;
    },

    /** Issue 34: who may be named on a site's stock movement (a collection point's picker): names and numbers only. */
    staffNames: async (auth: TAuth, employeeNumber?: string) => repo.findStaffNames(db, auth.businessId, new Date().toISOString().slice(0, 10), employeeNumber),

    summary: async (auth: TUserAuth): Promise<TSummary> => {
      const from = firstOfMonthsAgo(11);
      const [byDepartment, byDesignation, byEmploymentType, joiners] = await Promise.all([
        repo.countByDepartment(db, auth.businessId),
        repo.countByDesignation(db, auth.businessId),
        repo.countByEmploymentType(db, auth.businessId),
        repo.countJoinersSince(db, auth.businessId, from.toISOString().slice(0, 10)),
      ]);
      const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1)).toISOString().slice(0, 7));
      return {
        headcount: byDepartment.reduce((n, d) => n + d.count, 0),
        byDepartment: byDepartment.map((d) => ({ departmentId: d.departmentId, department: d.department ?? 'No department', unit: d.unit, count: d.count })),
        byDesignation: byDesignation.map((d) => ({ designationId: d.designationId, designation: d.designation ?? 'No designation', count: d.count })),
        byEmploymentType,
        joinersByMonth: months.map((month) => ({ month, count: joiners.find((j) => j.month === month)?.count ?? 0 })),
      };
    },

    /** `/department-view/{unit}/{dept}`: the department's people, files and videos; unit and dept by id or name. */
    departmentView: async (auth: TUserAuth, unitRef: string, deptRef: string) => {
      const unit = await departmentsRepo.findUnitByRef(db, auth.businessId, unitRef);
      if (!unit) throw notFound('Unit');
      const department = (await departmentsRepo.findDepartmentsByRef(db, auth.businessId, deptRef, unit.id))[0];
      if (!department) throw notFound('Department');
      const [people, files] = await Promise.all([
        repo.findEmployeesOfDepartment(db, auth.businessId, department.id),
        filesRepo.findDepartmentFiles(db, auth.businessId, department.id),
      ]);
      const list = files.map(filesRepo.toDepartmentFile);
      return {
        unit: { _id: unit.id, name: unit.name },
        department: { _id: department.id, name: department.name, description: department.description },
        employees: people.map(repo.toEmployee),
        files: list,
        videos: list.filter((f) => f.kind === 'video'),
      };
    },
  };
};
export type TEmployeesService = ReturnType<typeof createEmployeesService>;
