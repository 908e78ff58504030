import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, registerBusiness, type TSession, type TTestApp, portalSignIn } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { dayIn, shiftDay, timeApi } from './helpers/time.ts';

describe('complaints', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof timeApi>;
  let employee: Record<string, any>;
  let portal: ReturnType<typeof timeApi>;
  const due = shiftDay(dayIn('Africa/Lagos'), 7);
  const update = (body: object, a = api) => a.post('/api/v1/employee/updateComplain', body);
  const notices = async (actionType: string) =>
    (await api.get(`/api/v1/notification/fetch/${owner.user.email}`)).json().data.filter((n: { actionType: string }) => n.actionType === actionType);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Enugu Coal', email: 'owner@enugu.ng' });
    api = timeApi(t.app, owner.token);
    employee = await peopleApi(t.app, owner).employee({ firstName: 'Obinna', email: 'obinna@enugu.ng' });
    portal = timeApi(t.app, (await portalSignIn(t.app, employee.portalCode)).token);
  });
  afterAll(async () => t?.close());

  it('files from the portal (its own) and from HR, and lists with filters', async () => {
    const mine = await portal.post('/api/v1/employee/complain', { complainDetail: 'The canteen water is not clean', dueDate: due });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data).toMatchObject({ employeeId: employee._id, employeeName: 'Obinna Person', status: 'open', isOverdue: false, filedBy: 'employee' });
    const general = await api.post('/api/v1/employee/complain', { complainDetail: 'Generator noise', dueDate: due });
    expect(general.json().data).toMatchObject({ employeeId: null, filedBy: 'hr' });
    expect((await api.post('/api/v1/employee/complain', { complainDetail: 'Late', dueDate: shiftDay(dayIn('Africa/Lagos'), -1) })).statusCode).toBe(400);
    const all = (await api.get('/api/v1/employee/complain-status')).json();
    expect(all.totalRecords).toBe(2);
    const own = (await portal.get('/api/v1/employee/complain-status')).json();
    expect(own.data.map((c: { complainDetail: string }) => c.complainDetail)).toEqual(['The canteen water is not clean']);
    expect((await api.get(`/api/v1/employee/complain-status?employeeId=${employee._id}`)).json().totalRecords).toBe(1);
    expect((await api.get('/api/v1/employee/complain-status?status=resolved')).json().totalRecords).toBe(0);
    expect(await notices('Complaint filed')).toHaveLength(2);
  });

  it('moves open → in progress → resolved (with a note) → reopened, and refuses other moves', async () => {
    const c = (await api.post('/api/v1/employee/complain', { complainDetail: 'Broken locker', dueDate: due, employeeId: employee._id })).json().data;
    expect((await update({ complaintId: c._id, status: 'reopened' })).statusCode).toBe(409);
    expect((await update({ complaintId: c._id, status: 'in-progress' })).json().data.status).toBe('in-progress');
    const noNote = await update({ complaintId: c._id, status: 'resolved' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe('resolutionNote: is required to resolve a complaint');
    const resolved = await update({ complaintId: c._id, status: 'resolved', resolutionNote: 'Locker replaced' });
    expect(resolved.json().data).toMatchObject({ status: 'resolved', resolutionNote: 'Locker replaced' });
    expect(await notices('Complaint resolved')).toHaveLength(1);
    expect((await update({ complaintId: c._id, status: 'in-progress' })).statusCode).toBe(409);
    expect((await update({ complaintId: c._id, status: 'reopened' })).json().data.status).toBe('reopened');
    // Only HR moves complaints; the portal may not.
    expect((await update({ complaintId: c._id, status: 'resolved', resolutionNote: 'x' }, portal)).statusCode).toBe(403);
    const audit = await t.deps.db.execute(sql`SELECT action FROM audit_log WHERE entity = 'complaint' AND entity_id = ${c._id} ORDER BY created_at`);
    expect((audit as unknown as { rows: Array<{ action: string }> }).rows.map((r) => r.action)).toEqual(['complaint.filed', 'complaint.in-progress', 'complaint.resolved', 'complaint.reopened']);
  });

  it('flags a complaint past its due date as overdue and tells the owner once', async () => {
    const c = (await api.post('/api/v1/employee/complain', { complainDetail: 'Unpaid overtime', dueDate: due })).json().data;
    await t.deps.db.execute(sql`UPDATE complaints SET due_date = ${shiftDay(dayIn('Africa/Lagos'), -2)}::date WHERE id = ${c._id}`);
    const overdue = (await api.get('/api/v1/employee/complain-status?overdue=true')).json().data;
    expect(overdue.map((x: { _id: string; isOverdue: boolean }) => [x._id, x.isOverdue])).toEqual([[c._id, true]]);
    // The hourly schedule's handler, called directly (the schedule itself is pg-boss's job).
    const { createComplaintsService } = await import('../src/features/complaints/complaints.service.ts');
    const { createAttendanceService } = await import('../src/features/attendance/attendance.service.ts');
    const { createNotificationsService } = await import('../src/features/notifications/notifications.service.ts');
    const notify = createNotificationsService(t.deps).notify;
    const complaints = createComplaintsService(t.deps, { notify, attendance: createAttendanceService(t.deps, { notify }) });
    expect(await complaints.notifyOverdue()).toBe(1);
    expect(await complaints.notifyOverdue()).toBe(0);
    const told = await notices('Complaint overdue');
    expect(told).toHaveLength(1);
    // Issue 29: the notification names the event and links to the complaint; its text stays on the complaints screen.
    expect(told[0].message).not.toContain('Unpaid overtime');
    expect(told[0]).toMatchObject({ subject: 'people', link: { screen: 'complaints', id: c._id } });
  });

  it("refuses another business's complaint and employee", async () => {
    const other = await registerBusiness(t.app, { businessName: 'Onitsha Market' });
    const o = timeApi(t.app, other.token);
    const c = (await api.get('/api/v1/employee/complain-status')).json().data[0];
    expect((await update({ complaintId: c._id, status: 'in-progress' }, o)).statusCode).toBe(404);
    expect((await o.get(`/api/v1/employee/complain-status?employeeId=${employee._id}`)).statusCode).toBe(404);
    expect((await o.post('/api/v1/employee/complain', { complainDetail: 'x', dueDate: due, employeeId: employee._id })).statusCode).toBe(404);
    expect((await o.get('/api/v1/employee/complain-status')).json().totalRecords).toBe(0);
  });
});
