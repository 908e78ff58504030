import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { dayIn, timeApi } from './helpers/time.ts';
import { staffUser } from './helpers/procurement.ts';

/**
 * Issue 30 (words for people): a failure names the request field it is about once, in `field`, so the web shows
 * that field's label in the reader's language; Bizdesk's own messages carry `messageKey`/`params` for translation.
 */
describe('failure envelope: field and message key', () => {
  let t: TTestApp;
  let owner: TSession;
  const year = Number(dayIn('Africa/Lagos').slice(0, 4)) + 1;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Words Ltd', email: 'owner@words.ng' });
  });
  afterAll(async () => t?.close());

  it('names the field of a schema rule once, with the rule as the message', async () => {
    const res = await timeApi(t.app, owner.token).post(`/api/v1/employee/leave/${crypto.randomUUID()}`,
      { type: 'annual', startDate: `${year}-03-10`, endDate: `${year}-03-01`, reason: 'Trip' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', field: 'endDate', message: 'endDate: must not be before the start date' });
  });

  it('names a route parameter such as nums in `field`', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/inventory/instock/${owner.user.email}/${crypto.randomUUID()}/*bad/3/Main`, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'nums', message: 'nums: may contain only letters, digits and . _ / -' });
  });

  it('gives a service refusal its field, key and parameters', async () => {
    const ada = await staffUser(t.app, owner, 'Ada Approver', ['Approvals-access']);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders/create-approvals', headers: bearer(owner.token),
      payload: { ownerEmail: owner.user.email, serviceName: 'payment', userId: [ada.user._id], totalApprovalsRequired: 2 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'totalApprovalsRequired', messageKey: 'approvalsOverApprovers', params: { count: 1 } });
  });

  it('keys the leave eligibility rule so the web can say it in German and French', async () => {
    const e = await peopleApi(t.app, owner).employee({ firstName: 'Kemi', email: 'kemi@words.ng', startDate: '2025-01-06', gender: 'male' });
    const res = await timeApi(t.app, owner.token).post(`/api/v1/employee/leave/${e._id}`,
      { type: 'maternity', startDate: `${year}-12-30`, endDate: `${year + 1}-01-02`, reason: 'Holiday' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'type', messageKey: 'leaveGender', message: "type: maternity leave is only for female employees; Kemi Person's record says male" });
  });

  it('leaves a message without a field prefix without `field`', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBeUndefined();
  });
});
