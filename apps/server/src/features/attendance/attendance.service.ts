import {
  CHECKIN_REVIEW_AFTER_HOURS, OFFLINE_CHECKIN_MAX_HOURS, TIME_MSG, type TAttendanceLabel, type TAttendanceSettings, type TEmployeeAttendance, type TMarkIn, type TMarkOut,
  type TMonthTotals, type TSaveCoordinates, type TSendSuspension,
  type TAttendanceRegisterWithNotes, type TMonthGridWithNotes, type TCorrectMark, type TCorrectMarkResult, type TCorrectionRequestInput, type TGeofenceExemptionInput,
} from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TApprovalsService } from '../approvals/approvals.service.ts';
import type { TLeaveMarks } from '../leave/leave-mark.ts';
import * as trustRepo from './attendance-trust.repo.ts';
import * as authRepo from '../auth/auth.repo.ts';
import * as repo from './attendance.repo.ts';
import { addDays, daysOfMonth, localDate, localTime } from '../../platform/local-time.ts';
import { locate } from './geofence.ts';

/** A check-in made more than this before it reached the server is flagged "synced late". */
const SYNCED_LATE_MS = 5 * 60 * 1000;
/** Device clocks run a little fast; a time further ahead than this is refused. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const MAX_AGE_MS = OFFLINE_CHECKIN_MAX_HOURS * 60 * 60 * 1000;
const REVIEW_AFTER_MS = CHECKIN_REVIEW_AFTER_HOURS * 60 * 60 * 1000;

/** A portal token reaches only its own employee: another's id is not found. */
const assertOwn = (auth: TAuth, employeeId: string) => {
  if (auth.kind === 'collector') throw forbidden('You do not have permission to do this');
  if (auth.kind === 'portal' && auth.employeeId !== employeeId) throw notFound('Employee');
};

const hhmm = (t: string) => t.slice(0, 5);
const fmtTime = (d: Date, tz: string) => localTime(d, tz);
const emptyTotals = (): TMonthTotals => ({ present: 0, late: 0, absent: 0, leave: 0, sick: 0, off: 0 });

export const createAttendanceService = (deps: TDeps, opts: { notify: TNotify; approvals?: TApprovalsService }) => {
  const { db } = deps;
  const { notify, approvals } = opts;
  /** The leave feature's booking of a day marked `leave` (wired in app.ts: leave depends on attendance, not the reverse). */
  let leaveMarks: TLeaveMarks | null = null;
  const today = (auth: Pick<TAuth, 'timeZone'>) => localDate(new Date(), auth.timeZone);

  const getEmployee = async (tx: DbOrTx, auth: TAuth, id: string) => {
    assertOwn(auth, id);
    const row = await repo.findRosterEmployee(tx, auth.businessId, id);
    if (!row) throw notFound('Employee');
    return row;
  };

  /** A date HR marks: not in the future (business time zone), not before the employee joined. */
  const checkMarkDate = (auth: TAuth, date: string, employee?: { startDate: string; firstName: string; lastName: string }) => {
    if (date > today(auth)) throw badRequest(`date: ${date} is in the future; today is ${today(auth)} in ${auth.timeZone}`).as('dateInFuture', { today: today(auth) });
    if (employee && date < employee.startDate) throw badRequest(`date: ${date} is before ${employee.firstName} ${employee.lastName} joined on ${employee.startDate}`)
      .as('beforeJoined', { name: `${employee.firstName} ${employee.lastName}`, joined: employee.startDate });
  };

  /** The instant a check-in/out was made, checked against the receive time (queued offline: up to 24 h). */
  const instantOf = (field: string, sent: string | undefined, received: Date) => {
    const at = sent ? new Date(sent) : received;
    const age = received.getTime() - at.getTime();
    if (age < -CLOCK_SKEW_MS) throw badRequest(`${field}: ${sent} is in the future`).as('timeInFuture');
    if (age > MAX_AGE_MS) {
      throw badRequest(`${field}: a check-in or check-out is accepted up to ${OFFLINE_CHECKIN_MAX_HOURS} hours after it was made; this one was made ${Math.floor(age / 3_600_000)} hours ago`)
        .as('checkInTooOld', { max: OFFLINE_CHECKIN_MAX_HOURS, count: Math.floor(age / 3_600_000) });
    }
    return { at: age < 0 ? received : at, syncedLate: age > SYNCED_LATE_MS };
  };

  const settingsOf = async (tx: DbOrTx, auth: TAuth): Promise<TAttendanceSettings> => {
    const s = await repo.getSettings(tx, auth.businessId);
    return { workStartTime: hhmm(s.workStartTime), requirePortalCoordinates: s.requirePortalCoordinates, timeZone: auth.timeZone, today: today(auth) };
  };

  /** Who corrected which day of the period, and the suspensions overlapping it (issue 33). */
  const extrasOf = async (businessId: string, from: string, to: string) => {
    const [notes, suspensions] = await Promise.all([trustRepo.findNotes(db, businessId, from, to), trustRepo.findSuspensionsIn(db, businessId, from, to)]);
    return { notes: notes.map(trustRepo.toNote), suspensions: suspensions.map(repo.toSuspension) };
  };

  /**
   * A day that becomes `leave` books (or links) a leave day through the leave feature, so the balance moves; a day booked
   * that way and then changed to something else gives the day back. Run before the mark is written, in its transaction.
   */
  const leaveOfMark = async (tx: DbOrTx, auth: TUserAuth, employee: { id: string; firstName: string; lastName: string; startDate: string },
    date: string, before: string | null, label: TAttendanceLabel, opts: { leaveType?: string; reason: string }) => {
    if (!leaveMarks || before === label) return { leaveId: null as string | null };
    if (label === 'leave') return { leaveId: (await leaveMarks.book(tx, auth, employee, date, opts)).leaveId };
    if (before === 'leave') await leaveMarks.release(tx, auth, employee.id, date, opts.reason);
    return { leaveId: null };
  };

  const getCorrection = async (tx: DbOrTx, businessId: string, id: string, lock = false) => {
    const row = await trustRepo.findCorrection(tx, businessId, id, lock);
    if (!row) throw notFound('Correction request');
    return row;
  };

  const service = {
    /**
     * Payroll (issue 32): the days of a period each employee is not paid for — suspension without pay, and absences
     * when the business treats them as unpaid — as sorted dates per employee. Read in the run's transaction.
     */
    unpaidDaysOf: async (tx: DbOrTx, businessId: string, period: { from: string; to: string }, opts: { withAbsences: boolean }) => {
      const out = new Map<string, { suspension: string[]; absence: string[] }>();
      for (const r of await repo.findUnpaidDays(tx, businessId, period.from, period.to, opts.withAbsences)) {
        const entry = out.get(r.employeeId) ?? { suspension: [], absence: [] };
        entry[r.kind] = [...r.dates].sort();
        out.set(r.employeeId, entry);
      }
      return out;
    },

    settings: async (auth: TAuth) => settingsOf(db, auth),

    updateSettings: async (auth: TUserAuth, patch: { workStartTime?: string; requirePortalCoordinates?: boolean }) =>
      db.transaction(async (tx) => {
        const before = await settingsOf(tx, auth);
        await repo.updateSettings(tx, auth.businessId, patch);
        const after = await settingsOf(tx, auth);
        await audit(tx, auth, 'attendance.settings-updated', { entity: 'attendance-settings', entityId: auth.businessId, before, after });
        return after;
      }),

    /** GET /employee/mark/{date}/{employeeId}/{label}: idempotent; a new label replaces the old one and is audited. */
    mark: async (auth: TUserAuth, date: string, employeeId: string, label: TAttendanceLabel) =>
      db.transaction(async (tx) => {
        const employee = await getEmployee(tx, auth, employeeId);
        checkMarkDate(auth, date, employee);
        const before = await repo.findMark(tx, auth.businessId, employeeId, date);
        if (before?.label === label) return { employeeId, date, label, source: before.source, changed: false };
        await leaveOfMark(tx, auth, employee, date, before?.label ?? null, label, { reason: 'Marked as leave on the register' });
        const after = await repo.upsertMark(tx, { businessId: auth.businessId, employeeId, date, label, source: 'manual' });
        await audit(tx, auth, before ? 'attendance.mark-changed' : 'attendance.marked', {
          entity: 'attendance', entityId: employeeId, before: before ? { date, label: before.label } : null, after: { date, label },
        });
        return { employeeId, date, label: after.label as TAttendanceLabel, source: after.source, changed: true };
      }),

    /** GET /employee/all/mark/{userEmail}/{date}/{label}: every active employee without a mark that day, in one statement. */
    markAll: async (auth: TUserAuth, userEmail: string, date: string, label: TAttendanceLabel) => {
      assertBusinessEmail(auth, userEmail);
      checkMarkDate(auth, date);
      return db.transaction(async (tx) => {
        const result = await repo.markAll(tx, auth.businessId, date, label);
        if (result.marked > 0) await audit(tx, auth, 'attendance.marked-all', { entity: 'attendance', after: { date, label, ...result } });
        return { date, label, ...result };
      });
    },

    /** GET /employee/all-attendance/{userEmail}/{dateOffset}: the last dateOffset days up to today (0 = today). */
    register: async (auth: TUserAuth, userEmail: string, dateOffset: number, until?: string): Promise<TAttendanceRegisterWithNotes> => {
      assertBusinessEmail(auth, userEmail);
      if (until) checkMarkDate(auth, until);
      const to = until ?? today(auth);
      const from = addDays(to, -dateOffset);
      const [roster, marks, checkins, extras] = await Promise.all([
        repo.findRoster(db, auth.businessId, to),
        repo.findMarks(db, auth.businessId, from, to),
        repo.findCheckins(db, auth.businessId, { from, to }),
        extrasOf(auth.businessId, from, to),
      ]);
      return {
        from, to,
        employees: roster.map(repo.toRosterEmployee),
        marks: marks.map((m) => ({ ...m, label: m.label as TAttendanceLabel })),
        checkins: checkins.map(repo.toCheckin),
        ...extras,
      };
    },

    /** The month grid and each employee's totals (present, late, absent, leave, sick, off). */
    month: async (auth: TUserAuth, month: string, departmentId?: string): Promise<TMonthGridWithNotes> => {
      const days = daysOfMonth(month);
      const from = days[0];
      const to = days[days.length - 1];
      const [grid, extras] = await Promise.all([repo.findMonthGrid(db, auth.businessId, from, to, departmentId), extrasOf(auth.businessId, from, to)]);
      const rows = grid.map((r) => {
        const labels = days.map(() => null as TAttendanceLabel | null);
        const totals = emptyTotals();
        for (let i = 0; i < r.days.length; i++) {
          labels[r.days[i] - 1] = r.labels[i];
          totals[r.labels[i]] += 1;
        }
        return {
          employee: repo.toRosterEmployee({ id: r.id, firstName: r.first_name, lastName: r.last_name, employeeNumber: r.employee_number, email: r.email, startDate: r.start_date, departmentId: r.department_id, department: r.department }),
          labels, totals,
        };
      });
      const shown = new Set(rows.map((r) => r.employee._id));
      return { month, days, rows, notes: extras.notes.filter((n) => shown.has(n.employeeId)), suspensions: extras.suspensions.filter((x) => shown.has(x.employeeId)) };
    },

    /** POST /attendance/mark-in */
    markIn: async (auth: TAuth, input: TMarkIn) => {
      const received = new Date();
      const { at, syncedLate } = instantOf('checkInTime', input.checkInTime, received);
      return db.transaction(async (tx) => {
        const employee = await getEmployee(tx, auth, input.employeeId);
        const name = `${employee.firstName} ${employee.lastName}`.trim();
        if (input.email && input.email.toLowerCase() !== employee.email.toLowerCase()) throw badRequest(`email: is not ${name}'s e-mail address`).as('notEmployeeEmail', { name });
        const day = localDate(at, auth.timeZone);
        if (day < employee.startDate) throw badRequest(`checkInTime: ${day} is before ${name} joined on ${employee.startDate}`).as('beforeJoined', { name, joined: employee.startDate });
        const suspension = await repo.findSuspensionOn(tx, auth.businessId, employee.id, day);
        if (suspension) throw conflict(`${name} is suspended until ${suspension.to} and cannot check in`).as('suspended', { name, to: suspension.to });
        const settings = await settingsOf(tx, auth);
        let site: { id: string; name: string; distance: number } | null = null;
        if (input.coordinates) {
          const sites = await repo.findSites(tx, auth.businessId);
          if (sites.length > 0) {
            const { nearest, inside } = locate(input.coordinates, sites);
            // Issue 33: an exempt employee (or designation: drivers on the road) checks in wherever they are.
            if (!inside && await trustRepo.isExempt(tx, auth.businessId, employee.id)) {
              site = null;
            } else if (!inside) {
              throw new AppError('CONFLICT', `Check-in refused: you are ${Math.round(nearest!.distance).toLocaleString('en')} m from the nearest site, ${nearest!.site.name} (allowed radius ${nearest!.site.radiusMeters} m)`, 409)
                .as('checkInTooFar', { distance: Math.round(nearest!.distance), site: nearest!.site.name, radius: nearest!.site.radiusMeters });
            } else {
              site = { id: inside!.site.id, name: inside!.site.name, distance: Math.round(inside!.distance) };
            }
          }
        } else if (auth.kind === 'portal' && settings.requirePortalCoordinates) {
          throw badRequest('coordinates: your business requires your location to check in; allow location access and try again').as('checkInLocationNeeded');
        }
        const isLate = localTime(at, auth.timeZone) > settings.workStartTime;
        // Late check-ins (docs/decisions.md "Late check-ins"): one that arrives more than CHECKIN_REVIEW_AFTER_HOURS
        // after it was made, or on a later day, waits for HR; one synced late within that never replaces a mark.
        const needsReview = received.getTime() - at.getTime() > REVIEW_AFTER_MS || localDate(received, auth.timeZone) > day;
        const row = await repo.createCheckin(tx, {
          businessId: auth.businessId, employeeId: employee.id, date: day, employeeName: input.employeeName?.trim() || name, email: employee.email,
          checkInTime: at, checkInReceivedAt: received,
          checkInLatitude: input.coordinates?.latitude ?? null, checkInLongitude: input.coordinates?.longitude ?? null, checkInAccuracy: input.accuracy ?? null,
          checkInSiteId: site?.id ?? null, checkInSiteName: site?.name ?? null, checkInDistance: site?.distance ?? null,
          isLate, checkInSyncedLate: syncedLate, checkInReview: needsReview ? 'pending' : null, recordedBy: auth.kind === 'portal' ? 'portal' : 'user',
        });
        if (!row) {
          const existing = await repo.findCheckin(tx, auth.businessId, employee.id, day);
          throw conflict(`${name} already checked in on ${day}${existing ? ` at ${fmtTime(existing.checkInTime, auth.timeZone)}` : ''}`)
            .as(existing ? 'alreadyCheckedInAt' : 'alreadyCheckedIn', { name, day, ...(existing ? { time: fmtTime(existing.checkInTime, auth.timeZone) } : {}) });
        }
        const checkin = repo.toCheckin(row);
        await audit(tx, auth, 'attendance.checked-in', { entity: 'attendance', entityId: employee.id, after: checkin });
        if (needsReview) {
          const hours = Math.floor((received.getTime() - at.getTime()) / 3_600_000);
          const when = `${day} ${fmtTime(at, auth.timeZone)}`;
          await notify(tx, auth.businessId, {
            category: 'HR', actionType: 'Check-in to review',
            message: `${name}'s check-in of ${when} reached the server ${hours} hours later; the day is not marked until HR accepts or rejects it`,
            messageKey: 'attendance.checkinToReview', params: { name, when, hours }, link: { screen: 'checkins', id: employee.id },
          });
          return { checkin, message: TIME_MSG.checkInNeedsReview };
        }
        const mark = syncedLate ? await repo.findMark(tx, auth.businessId, employee.id, day) : undefined;
        if (mark) return { checkin, message: TIME_MSG.checkInMarkKept };
        await repo.upsertMark(tx, { businessId: auth.businessId, employeeId: employee.id, date: day, label: isLate ? 'late' : 'present', source: 'check-in' });
        return { checkin, message: TIME_MSG.checkedIn };
      });
    },

    /** HR's decision on a check-in that synced too late: accepting marks the day from it (HR's own mark); rejecting leaves the day as it is. */
    reviewCheckin: async (auth: TUserAuth, id: string, decision: 'accepted' | 'rejected') =>
      db.transaction(async (tx) => {
        const row = await repo.lockCheckin(tx, auth.businessId, id);
        if (!row) throw notFound('Check-in');
        if (row.checkInReview !== 'pending') throw conflict(row.checkInReview ? `This check-in is already ${row.checkInReview}` : 'This check-in marked its day itself; there is nothing to review').as(row.checkInReview ? `checkInReviewed.${row.checkInReview}` : 'checkInSelfMarked');
        const after = repo.toCheckin((await repo.setCheckinReview(tx, auth.businessId, id, decision))!);
        if (decision === 'accepted') {
          const before = await repo.findMark(tx, auth.businessId, row.employeeId, row.date);
          const label = row.isLate ? 'late' : 'present';
          await repo.upsertMark(tx, { businessId: auth.businessId, employeeId: row.employeeId, date: row.date, label, source: 'check-in-reviewed' });
          await audit(tx, auth, before ? 'attendance.mark-changed' : 'attendance.marked', { entity: 'attendance', entityId: row.employeeId, before: before ? { date: row.date, label: before.label } : null, after: { date: row.date, label } });
        }
        await audit(tx, auth, `attendance.checkin-${decision}`, { entity: 'attendance', entityId: row.employeeId, before: { checkInReview: 'pending' }, after: { checkInReview: decision, checkinId: id } });
        return after;
      }),

    /** GET /attendance/checkins/pending-review: the check-ins waiting for HR's decision (oldest first). */
    pendingReviews: async (auth: TUserAuth) => (await repo.findPendingReviews(db, auth.businessId)).map(repo.toCheckin),

    /** POST /attendance/mark-out */
    markOut: async (auth: TAuth, input: TMarkOut) => {
      const received = new Date();
      const { at, syncedLate } = instantOf('checkOutTime', input.checkOutTime, received);
      return db.transaction(async (tx) => {
        const employee = await getEmployee(tx, auth, input.employeeId);
        const name = `${employee.firstName} ${employee.lastName}`.trim();
        const day = localDate(at, auth.timeZone);
        const checkin = await repo.findCheckin(tx, auth.businessId, employee.id, day);
        if (!checkin) throw conflict(`${name} has not checked in on ${day}, so cannot check out`).as('notCheckedIn', { name, day });
        if (checkin.checkOutTime) throw conflict(`${name} already checked out on ${day} at ${fmtTime(checkin.checkOutTime, auth.timeZone)}`)
          .as('alreadyCheckedOutAt', { name, day, time: fmtTime(checkin.checkOutTime, auth.timeZone) });
        if (at < checkin.checkInTime) throw badRequest(`checkOutTime: is before the check-in at ${fmtTime(checkin.checkInTime, auth.timeZone)}`).as('beforeCheckIn', { time: fmtTime(checkin.checkInTime, auth.timeZone) });
        const row = await repo.checkOut(tx, auth.businessId, checkin.id, {
          checkOutTime: at, checkOutReceivedAt: received, checkOutSyncedLate: syncedLate,
          checkOutLatitude: input.coordinates?.latitude ?? null, checkOutLongitude: input.coordinates?.longitude ?? null, checkOutAccuracy: input.accuracy ?? null,
        });
        if (!row) throw conflict(`${name} already checked out on ${day}`).as('alreadyCheckedOut', { name, day });
        const after = repo.toCheckin(row);
        await audit(tx, auth, 'attendance.checked-out', { entity: 'attendance', entityId: employee.id, before: repo.toCheckin(checkin), after });
        return after;
      });
    },

    /** GET /attendance/getAttendance/{employeeId}: recent check-ins and marks, and a current or coming suspension. */
    employeeAttendance: async (auth: TAuth, employeeId: string, limit = 31): Promise<TEmployeeAttendance> => {
      const employee = await getEmployee(db, auth, employeeId);
      const day = today(auth);
      const [checkins, marks, suspension, settings] = await Promise.all([
        repo.findCheckins(db, auth.businessId, { employeeId, limit }),
        repo.findMarks(db, auth.businessId, addDays(day, -62), day, employeeId),
        repo.findCurrentOrNextSuspension(db, auth.businessId, employeeId, day),
        settingsOf(db, auth),
      ]);
      return {
        employee: repo.toRosterEmployee(employee),
        checkins: checkins.map(repo.toCheckin),
        marks: marks.map((m) => ({ ...m, label: m.label as TAttendanceLabel })),
        suspension: suspension ? repo.toSuspension(suspension) : null,
        today: day,
        requireCoordinates: settings.requirePortalCoordinates,
      };
    },

    /** GET /attendance/all-attendance/{id}: `{id}` names the business (caller's user id, a user of the business, or the business id); one day's check-ins. */
    allCheckins: async (auth: TUserAuth, id: string, date?: string) => {
      if (id !== auth.businessId && id !== auth.userId && !(await authRepo.findUserInBusiness(db, auth.businessId, id))) throw notFound('User');
      const day = date ?? today(auth);
      return (await repo.findCheckins(db, auth.businessId, { from: day, to: day })).map(repo.toCheckin);
    },

    /** PUT /attendance/send-suspension-details */
    suspend: async (auth: TUserAuth, input: TSendSuspension) =>
      db.transaction(async (tx) => {
        const employee = await getEmployee(tx, auth, input.employeeId);
        const row = repo.toSuspension(await repo.createSuspension(tx, { businessId: auth.businessId, employeeId: employee.id, ...input.suspensionDetails }));
        await audit(tx, auth, 'attendance.suspended', { entity: 'suspension', entityId: row._id, after: row });
        await notify(tx, auth.businessId, {
          category: 'HR', actionType: 'Suspension',
          // The reason stays on the employee's attendance record, for HR; the notification only names the event.
          message: `${employee.firstName} ${employee.lastName} is suspended from ${row.from} to ${row.to}`,
          messageKey: 'attendance.suspended', params: { name: `${employee.firstName} ${employee.lastName}`, fromDate: row.from, toDate: row.to },
          link: { screen: 'attendance', id: employee.id },
        });
        return row;
      }),

    /** PUT /attendance/send-sick-status: today's mark becomes `sick`. */
    sick: async (auth: TAuth, employeeId: string) =>
      db.transaction(async (tx) => {
        const employee = await getEmployee(tx, auth, employeeId);
        const day = today(auth);
        const before = await repo.findMark(tx, auth.businessId, employee.id, day);
        const after = await repo.upsertMark(tx, { businessId: auth.businessId, employeeId: employee.id, date: day, label: 'sick', source: 'sick' });
        if (before?.label !== 'sick') {
          await audit(tx, auth, 'attendance.sick', { entity: 'attendance', entityId: employee.id, before: before ? { date: day, label: before.label } : null, after: { date: day, label: 'sick' } });
          await notify(tx, auth.businessId, {
            category: 'HR', actionType: 'Sick', message: `${employee.firstName} ${employee.lastName} is off sick today (${day})`,
            messageKey: 'attendance.sick', params: { name: `${employee.firstName} ${employee.lastName}`, date: day }, link: { screen: 'attendance', id: employee.id },
          });
        }
        return { employeeId: employee.id, date: day, label: after.label as TAttendanceLabel, source: after.source };
      }),

    /** POST /attendance/save-coordinates: `userId` is the caller or a user of the business. */
    saveSite: async (auth: TUserAuth, input: TSaveCoordinates) => {
      if (input.userId !== auth.userId && !(await authRepo.findUserInBusiness(db, auth.businessId, input.userId))) throw notFound('User');
      return db.transaction(async (tx) => {
        const { before, after } = await repo.saveSite(tx, {
          businessId: auth.businessId, userId: input.userId, name: input.name, type: input.type,
          latitude: input.coordinates.latitude, longitude: input.coordinates.longitude, radiusMeters: input.radiusMeters ?? 200,
        });
        const site = repo.toSite(after);
        await audit(tx, auth, before ? 'attendance.site-moved' : 'attendance.site-saved', { entity: 'attendance-site', entityId: site._id, before: before ? repo.toSite(before) : null, after: site });
        return site;
      });
    },

    sites: async (auth: TUserAuth) => (await repo.findSites(db, auth.businessId)).map(repo.toSite),

    deleteSite: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const row = await repo.deleteSite(tx, auth.businessId, id);
        if (!row) throw notFound('Site');
        await audit(tx, auth, 'attendance.site-deleted', { entity: 'attendance-site', entityId: id, before: repo.toSite(row) });
        return { _id: id };
      }),

    /**
     * PUT /attendance/marks/{employeeId}/{date} (issue 33): HR sets or corrects a day up to today, with a required reason.
     * The change is audited (before/after) and the day shows as corrected (who, when, why); `leave` books a leave day.
     */
    correct: async (auth: TUserAuth, employeeId: string, date: string, input: TCorrectMark): Promise<TCorrectMarkResult> =>
      db.transaction(async (tx) => {
        const employee = await getEmployee(tx, auth, employeeId);
        checkMarkDate(auth, date, employee);
        const reason = input.reason.trim();
        const before = await repo.findMark(tx, auth.businessId, employee.id, date);
        if (before?.label === input.label) {
          return { employeeId: employee.id, date, label: input.label, source: before.source, changed: false, note: null, leaveId: null };
        }
        const { leaveId } = await leaveOfMark(tx, auth, employee, date, before?.label ?? null, input.label, { leaveType: input.leaveType, reason });
        const after = await repo.upsertMark(tx, { businessId: auth.businessId, employeeId: employee.id, date, label: input.label, source: 'correction' });
        const note = trustRepo.toNote(await trustRepo.saveNote(tx, {
          businessId: auth.businessId, employeeId: employee.id, date, reason, byName: auth.userName, byUserId: auth.userId, before: before?.label ?? null, kind: 'correction',
        }));
        await audit(tx, auth, 'attendance.corrected', {
          entity: 'attendance', entityId: employee.id,
          before: before ? { date, label: before.label, source: before.source } : null, after: { date, label: input.label, reason, ...(leaveId ? { leaveId } : {}) },
        });
        return { employeeId: employee.id, date, label: after.label as TAttendanceLabel, source: after.source, changed: true, note, leaveId };
      }),

    /**
     * POST /attendance/corrections (issue 33): an employee (portal) or HR for them asks for a past day to be marked present or
     * late; the approvals engine decides it (service 'attendance-correction'), and on approval the mark is written.
     */
    requestCorrection: async (auth: TAuth, input: TCorrectionRequestInput) =>
      db.transaction(async (tx) => {
        if (!approvals) throw new AppError('INTERNAL', 'Correction requests are not available', 500);
        const employee = await getEmployee(tx, auth, input.employeeId);
        const name = `${employee.firstName} ${employee.lastName}`.trim();
        checkMarkDate(auth, input.date, employee);
        if (input.date === today(auth)) throw badRequest(`date: ${input.date} is today; check in instead of asking for a correction`).as('correctionToday');
        const suspension = await repo.findSuspensionOn(tx, auth.businessId, employee.id, input.date);
        if (suspension) throw conflict(`${name} was suspended from ${suspension.from} to ${suspension.to}, so ${input.date} cannot be marked ${input.label}`).as('suspended', { name, to: suspension.to });
        const mark = await repo.findMark(tx, auth.businessId, employee.id, input.date);
        if (mark?.label === input.label) throw conflict(`${input.date} is already marked ${input.label}`).as('correctionAlreadyMarked', { date: input.date });
        const row = await trustRepo.createCorrection(tx, {
          businessId: auth.businessId, employeeId: employee.id, date: input.date, label: input.label, checkInTime: input.checkInTime ?? null, reason: input.reason.trim(),
        });
        if (!row) throw conflict(`A correction of ${input.date} is already waiting for a decision`).as('correctionPending', { date: input.date });
        await approvals.request(tx, auth, {
          service: 'attendance-correction', subjectId: row.id, requesterEmployeeId: employee.id,
          title: `${name}: mark ${input.date} ${input.label}${input.checkInTime ? ` (checked in at ${input.checkInTime})` : ''}`,
        });
        const correction = trustRepo.toCorrection((await trustRepo.findCorrection(tx, auth.businessId, row.id))!);
        await audit(tx, auth, 'attendance.correction-requested', { entity: 'attendance-correction', entityId: row.id, after: correction });
        return correction;
      }),

    /** GET /attendance/corrections/{employeeId}: the employee's correction requests, newest first, with the decisions. */
    corrections: async (auth: TAuth, employeeId: string) => {
      const employee = await getEmployee(db, auth, employeeId);
      return (await trustRepo.findCorrectionsOf(db, auth.businessId, employee.id)).map(trustRepo.toCorrection);
    },

    /** Geofence exemptions (issue 33): one employee, or everyone of a designation, checks in outside the sites. */
    exemptions: async (auth: TUserAuth) => (await trustRepo.findExemptions(db, auth.businessId)).map(trustRepo.toExemption),

    addExemption: async (auth: TUserAuth, input: TGeofenceExemptionInput) =>
      db.transaction(async (tx) => {
        let who: string;
        if (input.employeeId) {
          const e = await getEmployee(tx, auth, input.employeeId);
          who = `${e.firstName} ${e.lastName}`.trim();
        } else {
          const d = await trustRepo.findDesignation(tx, auth.businessId, input.designationId!);
          if (!d) throw notFound('Designation');
          who = `every ${d.name}`;
        }
        const row = await trustRepo.createExemption(tx, {
          businessId: auth.businessId, employeeId: input.employeeId ?? null, designationId: input.designationId ?? null, reason: input.reason?.trim() || null, createdBy: auth.userName,
        });
        if (!row) throw conflict(`${who[0].toUpperCase()}${who.slice(1)} is already exempt from the geofence`).as('exemptAlready', { name: who });
        const exemption = trustRepo.toExemption((await trustRepo.findExemption(tx, auth.businessId, row.id))!);
        await audit(tx, auth, 'attendance.geofence-exempted', { entity: 'attendance-exemption', entityId: row.id, after: exemption });
        return exemption;
      }),

    deleteExemption: async (auth: TUserAuth, id: string) =>
      db.transaction(async (tx) => {
        const found = await trustRepo.findExemption(tx, auth.businessId, id);
        if (!found) throw notFound('Geofence exemption');
        await trustRepo.deleteExemption(tx, auth.businessId, id);
        await audit(tx, auth, 'attendance.geofence-exemption-removed', { entity: 'attendance-exemption', entityId: id, before: trustRepo.toExemption(found) });
        return { _id: id };
      }),

    /** Wired in app.ts: the leave feature books the days marked `leave`. */
    useLeaveMarks: (marks: TLeaveMarks) => { leaveMarks = marks; },

    /** Marks approved leave on the register (used by the leave feature inside its transaction). */
    markLeaveDays: (tx: DbOrTx, businessId: string, employeeId: string, dates: string[]) => repo.upsertMarks(tx, businessId, employeeId, dates, 'leave', 'leave'),
    /** A live employee of the caller's business (a portal token: only its own), with their department; 404 otherwise. */
    getEmployee,
    today,
  };

  // Issue 33: an employee's correction request is decided through the approvals engine.
  approvals?.describeSubject('attendance-correction', async (auth, subjectId) => {
    const found = /^[0-9a-f-]{36}$/i.test(subjectId) ? await trustRepo.findCorrection(db, auth.businessId, subjectId) : undefined;
    return found ? { kind: 'attendance-correction', correction: trustRepo.toCorrection(found) } : null;
  });
  approvals?.onDecided('attendance-correction', async (tx, request, auth) => {
    const found = await getCorrection(tx, auth.businessId, request.subjectId, true);
    if (found.c.status !== 'pending') return;
    const status = request.status === 'approved' ? 'approved' : 'rejected';
    const name = `${found.firstName} ${found.lastName}`.trim();
    const { c } = found;
    await trustRepo.decideCorrection(tx, auth.businessId, c.id, { status, decidedBy: auth.userName, decisionReason: request.reason ?? null });
    if (status === 'approved') {
      const before = await repo.findMark(tx, auth.businessId, c.employeeId, c.date);
      const label = c.label as TAttendanceLabel;
      if (before?.label === 'leave' && leaveMarks) await leaveMarks.release(tx, auth, c.employeeId, c.date, c.reason);
      await repo.upsertMark(tx, { businessId: auth.businessId, employeeId: c.employeeId, date: c.date, label, source: 'correction-request' });
      await trustRepo.saveNote(tx, { businessId: auth.businessId, employeeId: c.employeeId, date: c.date, reason: c.reason, byName: auth.userName, byUserId: auth.userId, before: before?.label ?? null, kind: 'request' });
      await audit(tx, auth, 'attendance.corrected', {
        entity: 'attendance', entityId: c.employeeId, before: before ? { date: c.date, label: before.label, source: before.source } : null,
        after: { date: c.date, label, reason: c.reason, correctionId: c.id },
      });
    }
    await audit(tx, auth, `attendance.correction-${status}`, { entity: 'attendance-correction', entityId: c.id, before: { status: 'pending' }, after: { status, reason: request.reason ?? null } });
    await notify(tx, auth.businessId, status === 'approved'
      ? { category: 'HR', actionType: 'Attendance corrected', message: `${name}'s request to mark ${c.date} ${c.label} was approved`,
        messageKey: 'attendance.correctionApproved', params: { name, date: c.date }, link: { screen: 'attendance', id: c.employeeId } }
      : { category: 'HR', actionType: 'Attendance correction declined', message: `${name}'s request to mark ${c.date} ${c.label} was declined: ${request.reason ?? ''}`,
        messageKey: 'attendance.correctionRejected', params: { name, date: c.date, reason: request.reason ?? '' }, link: { screen: 'attendance', id: c.employeeId } });
  });
  return service;
};
export type TAttendanceService = ReturnType<typeof createAttendanceService>;
export { TIME_MSG };
