import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TIME_MSG, ZAttendanceDayQuery, ZAttendanceEmployeeParams, ZAttendanceExportQuery, ZAttendanceMonthParams, ZAttendanceMonthQuery,
  ZAttendanceSettings, ZAttendanceSettingsInput, ZCheckin, ZEmployeeAttendance, ZEmployeeAttendanceQuery, ZIdParams, ZMark, ZMarkAllParams,
  ZMarkAllResult, ZMarkIn, ZMarkOut, ZMarkParams, ZReviewCheckin, ZMarkResult, ZOk, ZAttendanceRegisterParams, ZSaveCoordinates, ZSendSick,
  ZSendSuspension, ZSite, ZSuspension,
  ATTENDANCE_TRUST_MSG, ZAttendanceRegisterQuery, ZAttendanceRegisterWithNotes, ZCorrectMark, ZCorrectMarkParams, ZCorrectMarkResult, ZCorrectionEmployeeParams,
  ZCorrectionRequest, ZCorrectionRequestInput, ZGeofenceExemption, ZGeofenceExemptionInput, ZMonthGridWithNotes,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TAttendanceService } from './attendance.service.ts';
import { exportMonth } from './attendance-export.ts';

export const attendanceRoutes = (attendance: TAttendanceService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['attendance'];
  // The spec's mark calls are GETs that change data: never cached (the API default is no-store), idempotent.
  const mutatingGet = 'Changes data although it is a GET (as the spec names it); idempotent, never cached.';

  app.get('/api/v1/employee/mark/:date/:employeeId/:label', {
    schema: { tags, params: ZMarkParams, response: { 200: ZOk(ZMarkResult) }, description: `Sets one employee's mark for a day (YYYY-MM-DD in the business's time zone). ${mutatingGet}` },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.mark(userAuth(req), req.params.date, req.params.employeeId, req.params.label), TIME_MSG.marked));

  app.get('/api/v1/employee/all/mark/:userEmail/:date/:label', {
    schema: { tags, params: ZMarkAllParams, response: { 200: ZOk(ZMarkAllResult) }, description: `Marks every active employee without a mark that day; existing marks are kept. ${mutatingGet}` },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.markAll(userAuth(req), req.params.userEmail, req.params.date, req.params.label), TIME_MSG.markedAll));

  app.get('/api/v1/employee/all-attendance/:userEmail/:dateOffset', {
    schema: {
      tags, params: ZAttendanceRegisterParams, querystring: ZAttendanceRegisterQuery, response: { 200: ZOk(ZAttendanceRegisterWithNotes) },
      description: 'The register of the dateOffset days up to today (0 = today) or up to `to` (a past day), with check-ins, who corrected which day, and suspensions',
    },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.register(userAuth(req), req.params.userEmail, req.params.dateOffset, req.query.to)));

  app.put('/api/v1/attendance/marks/:employeeId/:date', {
    schema: {
      tags, params: ZCorrectMarkParams, body: ZCorrectMark, response: { 200: ZOk(ZCorrectMarkResult) },
      description: 'HR sets or corrects one day (up to today) with a required reason; audited, shown as corrected; `leave` books a leave day (annual unless leaveType names another)',
    },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.correct(userAuth(req), req.params.employeeId, req.params.date, req.body), ATTENDANCE_TRUST_MSG.corrected));

  app.post('/api/v1/attendance/corrections', {
    schema: {
      tags, body: ZCorrectionRequestInput, response: { 201: ZOk(ZCorrectionRequest) },
      description: 'An employee asks for a past day to be marked present or late (forgot to check in); decided in the approvals inbox (attendance-correction)',
    },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => reply.code(201).send(ok(await attendance.requestCorrection(req.auth!, req.body), ATTENDANCE_TRUST_MSG.correctionRequested)));

  app.get('/api/v1/attendance/corrections/:employeeId', {
    schema: { tags, params: ZCorrectionEmployeeParams, response: { 200: ZOk(z.array(ZCorrectionRequest)) }, description: 'The employee\'s correction requests, newest first, with the decisions' },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await attendance.corrections(req.auth!, req.params.employeeId)));

  app.get('/api/v1/attendance/geofence-exemptions', {
    schema: { tags, response: { 200: ZOk(z.array(ZGeofenceExemption)) }, description: 'Employees and designations whose check-ins are not held to the sites\' geofence' },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.exemptions(userAuth(req))));

  app.post('/api/v1/attendance/geofence-exemptions', {
    schema: { tags, body: ZGeofenceExemptionInput, response: { 201: ZOk(ZGeofenceExemption) }, description: 'Exempts one employee or a designation (drivers on the road) from the geofence' },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await attendance.addExemption(userAuth(req), req.body), ATTENDANCE_TRUST_MSG.exemptionSaved)));

  app.delete('/api/v1/attendance/geofence-exemptions/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.deleteExemption(userAuth(req), req.params.id), ATTENDANCE_TRUST_MSG.exemptionDeleted));

  app.post('/api/v1/attendance/mark-in', {
    schema: { tags, body: ZMarkIn, response: { 201: ZOk(ZCheckin) }, description: 'Check-in; coordinates are checked against the sites\' geofence; a queued (offline) check-in is accepted up to 24 h old and flagged synced late; synced late it never replaces a mark, and past 8 h or on a later day it waits for HR (checkInReview: pending)' },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => {
    const { checkin, message } = await attendance.markIn(req.auth!, req.body);
    return reply.code(201).send(ok(checkin, message));
  });

  app.get('/api/v1/attendance/checkins/pending-review', {
    schema: { tags, response: { 200: ZOk(z.array(ZCheckin)) }, description: 'The check-ins that synced too late to mark their day and wait for HR\'s decision (checkInReview: pending), the oldest made first' },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.pendingReviews(userAuth(req))));

  app.put('/api/v1/attendance/checkins/:id/review', {
    schema: { tags, params: ZIdParams, body: ZReviewCheckin, response: { 200: ZOk(ZCheckin) }, description: 'HR accepts (marks the day from it) or rejects a check-in that synced too late to mark its day' },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.reviewCheckin(userAuth(req), req.params.id, req.body.decision), TIME_MSG.checkInReviewed));

  app.post('/api/v1/attendance/mark-out', {
    schema: { tags, body: ZMarkOut, response: { 200: ZOk(ZCheckin) } },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await attendance.markOut(req.auth!, req.body), TIME_MSG.checkedOut));

  app.get('/api/v1/attendance/getAttendance/:employeeId', {
    schema: { tags, params: ZAttendanceEmployeeParams, querystring: ZEmployeeAttendanceQuery, response: { 200: ZOk(ZEmployeeAttendance) }, description: 'One employee\'s recent check-ins and marks, and a current or coming suspension' },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await attendance.employeeAttendance(req.auth!, req.params.employeeId, req.query.limit)));

  app.get('/api/v1/attendance/all-attendance/:id', {
    schema: { tags, params: ZIdParams, querystring: ZAttendanceDayQuery, response: { 200: ZOk(z.array(ZCheckin)) }, description: '{id}: the caller\'s user id, a user of the business or the business id; the check-ins of one day (default today)' },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.allCheckins(userAuth(req), req.params.id, req.query.date)));

  app.put('/api/v1/attendance/send-suspension-details', {
    schema: { tags, body: ZSendSuspension, response: { 200: ZOk(ZSuspension) }, description: 'suspensionDetails: { reason, from, to }; a suspended employee cannot check in' },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.suspend(userAuth(req), req.body), TIME_MSG.suspensionSaved));

  app.put('/api/v1/attendance/send-sick-status', {
    schema: { tags, body: ZSendSick, response: { 200: ZOk(ZMark) }, description: 'Today\'s mark becomes sick' },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await attendance.sick(req.auth!, req.body.employeeId), TIME_MSG.sickSaved));

  app.post('/api/v1/attendance/save-coordinates', {
    schema: { tags, body: ZSaveCoordinates, response: { 201: ZOk(ZSite) }, description: 'A named site with its geofence radius (default 200 m); the same name again moves the site' },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await attendance.saveSite(userAuth(req), req.body), TIME_MSG.siteSaved)));

  app.get('/api/v1/attendance/sites', {
    schema: { tags, response: { 200: ZOk(z.array(ZSite)) } },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.sites(userAuth(req))));

  app.delete('/api/v1/attendance/sites/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.deleteSite(userAuth(req), req.params.id), TIME_MSG.siteDeleted));

  app.get('/api/v1/attendance/settings', {
    schema: { tags, response: { 200: ZOk(ZAttendanceSettings) } },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.settings(userAuth(req))));

  app.put('/api/v1/attendance/settings', {
    schema: { tags, body: ZAttendanceSettingsInput, response: { 200: ZOk(ZAttendanceSettings) } },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.updateSettings(userAuth(req), req.body), TIME_MSG.settingsSaved));

  app.get('/api/v1/attendance/month/:month', {
    schema: { tags, params: ZAttendanceMonthParams, querystring: ZAttendanceMonthQuery, response: { 200: ZOk(ZMonthGridWithNotes) }, description: 'Month grid with each employee\'s totals, who corrected which day, and suspensions' },
    config: allow('HR-access'),
  }, async (req) => ok(await attendance.month(userAuth(req), req.params.month, req.query.departmentId)));

  app.get('/api/v1/attendance/export/:month', {
    schema: { tags, params: ZAttendanceMonthParams, querystring: ZAttendanceExportQuery.extend(ZAttendanceMonthQuery.shape), description: 'The month grid as a CSV or XLSX attachment' },
    config: allow('HR-access'),
  }, async (req, reply) => {
    const file = await exportMonth(await attendance.month(userAuth(req), req.params.month, req.query.departmentId), req.query.format);
    return reply.header('content-type', file.mime).header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.body);
  });
};
