import type { TDashboardFigure } from '@bizdesk/contract';
import { hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';
import type { TCostsService } from '../costs/costs.service.ts';
import type { TAttendanceService } from '../attendance/attendance.service.ts';
import type { TLeaveService } from '../leave/leave.service.ts';
import type { TOrdersService } from '../orders/orders.service.ts';
import type { TInventoryService } from '../inventory/inventory.service.ts';
import type { TFleetService } from '../fleet/fleet.service.ts';
import type { TPayrollServices } from '../payroll/payroll.services.ts';
import type { TRemittancesService } from '../remittances/remittances.service.ts';

type TPeers = {
  employees: TEmployeesService; costs: TCostsService; attendance: TAttendanceService; leave: TLeaveService;
  orders: Pick<TOrdersService, 'openWork'>; inventory: Pick<TInventoryService, 'countBelowReorder'>; fleet: Pick<TFleetService, 'countTrucksOut'>;
  payroll: { runs: Pick<TPayrollServices['runs'], 'awaitingApproval'> };
  remittances: Pick<TRemittancesService, 'dashboard'>;
};

const count = (key: string, module: string, value: number, to: string, isEmpty = false): TDashboardFigure => ({ key, module, kind: 'count', value, to, isEmpty });

/**
 * The dashboard's figures across modules, each read through its own feature's service and only for a
 * caller whose roles cover that module: each role sees its own work (issue 30), and each figure links to the
 * list it counts, filtered the same way. A module adds its figures here when it lands.
 */
export const createDashboardFiguresService = (peers: TPeers) => ({
  figures: async (auth: TUserAuth): Promise<TDashboardFigure[]> => {
    const parts: Array<Promise<TDashboardFigure[]>> = [];
    if (hasRole(auth, 'HR-access')) {
      parts.push(peers.employees.summary(auth).then((s) => [count('headcount', 'people', s.headcount, '/employee', s.headcount === 0)]));
      // Today's register (the business's time zone decides "today"): present or late.
      parts.push(peers.attendance.register(auth, auth.ownerEmail, 0).then((r) => [
        count('attendanceToday', 'attendance', r.marks.filter((m) => m.date === r.to && (m.label === 'present' || m.label === 'late')).length,
          `/attendance/${encodeURIComponent(auth.ownerEmail)}`, r.employees.length === 0),
      ]));
      // The requests waiting for a decision, on the leave screen filtered to them (not the schedule of approved leave).
      parts.push(peers.leave.list(auth, { page: 1, limit: 1, status: 'pending' }).then((l) => [count('leavePending', 'leave', l.totalRecords, '/leave/all?status=pending')]));
    }
    if (hasRole(auth, 'Procurement-access') || hasRole(auth, 'Accounts-access')) {
      parts.push(peers.orders.openWork(auth).then((w) => [
        ...(hasRole(auth, 'Procurement-access') ? [count('ordersAwaitingApproval', 'procurement', w.ordersAwaitingApproval, '/manage-po?status=pending')] : []),
        count('paymentsDue', 'procurement', w.paymentsDue, '/invoices?payments=scheduled'),
      ]));
    }
    if (hasRole(auth, 'Inventory-access')) {
      parts.push(peers.inventory.countBelowReorder(auth).then((n) => [count('itemsBelowReorder', 'inventory', n, '/inventory?stock=low')]));
    }
    if (hasRole(auth, 'Procurement-access')) {
      parts.push(peers.fleet.countTrucksOut(auth).then((n) => [count('trucksOut', 'fleet', n, '/fleet-requisition')]));
    }
    if (hasRole(auth, 'Accounts-access')) {
      parts.push(peers.payroll.runs.awaitingApproval(auth).then((r) => [
        count('payrollAwaitingApproval', 'payroll', r.count, r.month ? `/salary?month=${r.month}` : '/salary'),
      ]));
      // What the authorities are owed and not paid in full: shown only while there is some (gone once paid).
      parts.push(peers.remittances.dashboard(auth).then((t) => [
        ...(t.dueCount > 0 ? [{ key: 'remittancesDue', module: 'payroll', kind: 'money' as const, value: t.dueMinor, count: t.dueCount, to: '/remittances?status=due', isEmpty: false }] : []),
        ...(t.overdueCount > 0 ? [{ key: 'remittancesOverdue', module: 'payroll', kind: 'money' as const, value: t.overdueMinor, count: t.overdueCount, to: '/remittances?status=overdue', isEmpty: false }] : []),
      ]));
    }
    if (hasRole(auth, 'Projects-access') || hasRole(auth, 'Management-access')) {
      parts.push(peers.costs.dashboardFigures(auth).then((f) => [
        { key: 'projectOverheadsMonth', module: 'projects', kind: 'money' as const, value: f.overheadsThisMonthMinor, to: '/projects/default', isEmpty: f.projects === 0 },
        { key: 'projectMargin', module: 'projects', kind: 'money' as const, value: f.marginMinor, to: hasRole(auth, 'Management-access') ? '/management' : '/projects/default', isEmpty: f.projects === 0 },
      ]));
    }
    return (await Promise.all(parts)).flat();
  },
});
export type TDashboardFiguresService = ReturnType<typeof createDashboardFiguresService>;
