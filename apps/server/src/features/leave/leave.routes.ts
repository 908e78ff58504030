import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TIME_MSG, ZAttendanceEmployeeParams, ZAttendanceMonthParams, ZEmployeeLeave, ZHoliday, ZHolidayInput, ZIdParams, ZLeaveBalancesQuery, ZLeaveBalancesRow,
  ZLeaveDecision, ZLeaveListQuery, ZLeaveRequest, ZLeaveScheduleQuery, ZLeaveType, ZLeaveTypeInput, ZLeaveTypeUpdate, ZLeaveYearQuery, ZOk, ZPaged,
  ZScheduleLeave, ZScheduleMonth, ZHolidayUpdate, ZLeaveAdjustmentInput, ZLeaveAdjustment, ZLeaveBalance, ZLeaveHistory, ZLeaveHistoryParams,
  ZLeaveSettings, ZLeaveSettingsInput, LEAVE_MSG,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import type { TLeaveService } from './leave.service.ts';

export const leaveRoutes = (leave: TLeaveService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['leave'];

  app.post('/api/v1/employee/leave/:id', {
    schema: { tags, params: ZIdParams, body: ZScheduleLeave, response: { 201: ZOk(ZLeaveRequest) }, description: 'scheduleLeave for employee {id}: type (name or id), startDate, endDate, reason. Pending until HR decides.' },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => reply.code(201).send(ok(await leave.request(req.auth!, req.params.id, req.body), TIME_MSG.leaveRequested)));

  app.get('/api/v1/leave/requests', {
    schema: { tags, querystring: ZLeaveListQuery, response: { 200: ZPaged(ZLeaveRequest) } },
    config: allow('HR-access'),
  }, async (req) => {
    const { rows, totalRecords } = await leave.list(userAuth(req), req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.put('/api/v1/leave/requests/:id/decision', {
    schema: { tags, params: ZIdParams, body: ZLeaveDecision, response: { 200: ZOk(ZLeaveRequest) }, description: 'approved or declined (a reason is required to decline)' },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.decide(userAuth(req), req.params.id, req.body), req.body.decision === 'approved' ? TIME_MSG.leaveApproved : TIME_MSG.leaveDeclined));

  app.get('/api/v1/leave/employee/:employeeId', {
    schema: { tags, params: ZAttendanceEmployeeParams, response: { 200: ZOk(ZEmployeeLeave) }, description: 'One employee\'s balances this year and their requests' },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await leave.employeeLeave(req.auth!, req.params.employeeId)));

  app.get('/api/v1/leave/balances', {
    schema: { tags, querystring: ZLeaveBalancesQuery, response: { 200: ZPaged(ZLeaveBalancesRow) } },
    config: allow('HR-access'),
  }, async (req) => {
    const { rows, totalRecords } = await leave.balances(userAuth(req), req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.get('/api/v1/leave/types', {
    schema: { tags, response: { 200: ZOk(z.array(ZLeaveType)) } },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.types(userAuth(req))));

  app.post('/api/v1/leave/types', {
    schema: { tags, body: ZLeaveTypeInput, response: { 201: ZOk(ZLeaveType) } },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await leave.createType(userAuth(req), req.body), TIME_MSG.leaveTypeSaved)));

  app.put('/api/v1/leave/types/:id', {
    schema: { tags, params: ZIdParams, body: ZLeaveTypeUpdate, response: { 200: ZOk(ZLeaveType) } },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.updateType(userAuth(req), req.params.id, req.body), TIME_MSG.leaveTypeSaved));

  app.get('/api/v1/leave/holidays', {
    schema: { tags, querystring: ZLeaveYearQuery, response: { 200: ZOk(z.array(ZHoliday)) }, description: 'The year\'s holidays; the fixed-date public holidays of the business\'s country are added once a year' },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.holidays(userAuth(req), req.query.year)));

  app.post('/api/v1/leave/holidays', {
    schema: { tags, body: ZHolidayInput, response: { 201: ZOk(ZHoliday) } },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await leave.addHoliday(userAuth(req), req.body), TIME_MSG.holidaySaved)));

  app.delete('/api/v1/leave/holidays/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.deleteHoliday(userAuth(req), req.params.id), TIME_MSG.holidayDeleted));

  app.get('/api/v1/leave/schedule/:month', {
    schema: { tags, params: ZAttendanceMonthParams, querystring: ZLeaveScheduleQuery, response: { 200: ZOk(ZScheduleMonth) }, description: 'Approved leave and absences of a month, optionally of one department' },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.schedule(userAuth(req), req.params.month, req.query.departmentId)));

  // Leave that fits the calendar (issue 33) ----------------------------------------------
  app.put('/api/v1/leave/holidays/:id', {
    schema: { tags, params: ZIdParams, body: ZHolidayUpdate, response: { 200: ZOk(ZHoliday) }, description: 'Move or rename a holiday (a lunar holiday announced on another day); leave covering the old or new day is recounted' },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.updateHoliday(userAuth(req), req.params.id, req.body), LEAVE_MSG.holidayMoved));

  app.post('/api/v1/leave/adjustments', {
    schema: { tags, body: ZLeaveAdjustmentInput, response: { 201: ZOk(z.object({ adjustment: ZLeaveAdjustment, balance: ZLeaveBalance })) }, description: 'An opening balance (days brought into a year) or an adjustment (+/−) with a reason; audited' },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await leave.adjust(userAuth(req), req.body), req.body.kind === 'opening' ? LEAVE_MSG.openingSaved : LEAVE_MSG.adjustmentSaved)));

  app.get('/api/v1/leave/history/:employeeId', {
    schema: { tags, params: ZLeaveHistoryParams, querystring: ZLeaveYearQuery, response: { 200: ZOk(ZLeaveHistory) }, description: 'An employee\'s balances of a year and what moved them: opening, adjustments, leave taken' },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await leave.history(req.auth!, req.params.employeeId, req.query.year)));

  app.get('/api/v1/leave/settings', {
    schema: { tags, response: { 200: ZOk(ZLeaveSettings) }, description: 'Leave allowance: a percentage of the annual basic, paid with the leave or in a chosen month' },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.settings(userAuth(req))));

  app.put('/api/v1/leave/settings', {
    schema: { tags, body: ZLeaveSettingsInput, response: { 200: ZOk(ZLeaveSettings) } },
    config: allow('HR-access'),
  }, async (req) => ok(await leave.updateSettings(userAuth(req), req.body), LEAVE_MSG.settingsSaved));
};
