import type { TDashboardFigure } from '@bizdesk/contract';
import { hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';
import type { TCostsService } from '../costs/costs.service.ts';
import type { TAttendanceService } from '../attendance/attendance.service.ts';
import type { TLeaveService } from '../leave/leave.service.ts';

type TPeers = { employees: TEmployeesService; costs: TCostsService; attendance: TAttendanceService; leave: TLeaveService };

/**
 * The dashboard's figures across modules, each read through its own feature's service and only for a
 * caller whose roles cover that module. A module adds its figures here when it lands.
 */
export const createDashboardFiguresService = (peers: TPeers) => ({
  figures: async (auth: TUserAuth): Promise<TDashboardFigure[]> => {
    const parts: Array<Promise<TDashboardFigure[]>> = [];
    if (hasRole(auth, 'HR-access')) {
      parts.push(peers.employees.summary(auth).then((s) => [
        { key: 'headcount', module: 'people', kind: 'count' as const, value: s.headcount, to: '/employee', isEmpty: s.headcount === 0 },
      ]));
      // Today's register (the business's time zone decides "today"): present or late.
      parts.push(peers.attendance.register(auth, auth.ownerEmail, 0).then((r) => [
        { key: 'attendanceToday', module: 'attendance', kind: 'count' as const, value: r.marks.filter((m) => m.date === r.to && (m.label === 'present' || m.label === 'late')).length, to: `/attendance/${encodeURIComponent(auth.ownerEmail)}`, isEmpty: r.employees.length === 0 },
      ]));
      parts.push(peers.leave.list(auth, { page: 1, limit: 1, status: 'pending' }).then((l) => [
        { key: 'leavePending', module: 'leave', kind: 'count' as const, value: l.totalRecords, to: '/schedule', isEmpty: false },
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
