import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SCREENS } from '@bizdesk/contract';
import { notificationPath } from './linkPath.ts';

const OWNER = 'owner@acme.ng';

describe('notificationPath (issue 30)', () => {
  it('opens the record on its screen', () => {
    expect(notificationPath({ screen: 'employee', id: 'e1' }, OWNER)).toBe('/employee-detail?id=e1');
    expect(notificationPath({ screen: 'orders', id: 'po1' }, OWNER)).toBe('/manage-po?id=po1');
    expect(notificationPath({ screen: 'approvals', id: 'r1' }, OWNER)).toBe('/approval?request=r1');
    expect(notificationPath({ screen: 'leave', id: 'l1' }, OWNER)).toBe('/leave/all?request=l1');
    expect(notificationPath({ screen: 'complaints', id: 'c1' }, OWNER)).toBe('/complaints?complaint=c1');
    expect(notificationPath({ screen: 'inventory', id: 'i1' }, OWNER)).toBe('/inventory?item=i1');
    expect(notificationPath({ screen: 'payroll', id: '2026-05' }, OWNER)).toBe('/salary?month=2026-05');
    expect(notificationPath({ screen: 'boqs', id: 'LK-200' }, OWNER)).toBe('/products?tab=boqs&contract=LK-200');
  });

  it('opens the late check-ins tab and an employee’s attendance history on the business’s register', () => {
    expect(notificationPath({ screen: 'checkins', id: 'e1' }, OWNER)).toBe('/attendance/owner%40acme.ng?tab=review');
    expect(notificationPath({ screen: 'attendance', id: 'e1' }, OWNER)).toBe('/attendance/owner%40acme.ng?tab=history&employee=e1');
  });

  it('opens the list without a record, and gives no path for an unknown screen or no link', () => {
    expect(notificationPath({ screen: 'employees', id: null }, OWNER)).toBe('/employee');
    expect(notificationPath({ screen: 'payroll', id: '9b2c…' }, OWNER)).toBe('/salary');
    expect(notificationPath(null, OWNER)).toBeNull();
    expect(notificationPath({ screen: 'nowhere' as never, id: 'x' }, OWNER)).toBeNull();
  });

  it('has a route for every screen the server writes', () => {
    for (const screen of NOTIFICATION_SCREENS) expect(notificationPath({ screen, id: 'x1' }, OWNER), screen).toMatch(/^\//);
  });
});
