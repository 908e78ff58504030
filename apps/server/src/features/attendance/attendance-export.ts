import type { TMonthGrid } from '@bizdesk/contract';
import { writeCsv, writeXlsx } from '../employees/spreadsheet.ts';

/** The month grid as a sheet: one row per employee, a column per day, then the month's totals. */
export const exportMonth = async (grid: TMonthGrid, format: 'csv' | 'xlsx') => {
  const header = ['Employee number', 'Name', 'Department', ...grid.days.map((d) => d.slice(8)), 'Present', 'Late', 'Absent', 'Leave', 'Sick', 'Off'];
  const rows = grid.rows.map((r) => [
    r.employee.employeeNumber, r.employee.name, r.employee.department ?? '', ...r.labels.map((l) => l ?? ''),
    ...[r.totals.present, r.totals.late, r.totals.absent, r.totals.leave, r.totals.sick, r.totals.off].map(String),
  ]);
  return format === 'csv'
    ? { body: writeCsv(header, rows), mime: 'text/csv; charset=utf-8', fileName: `attendance-${grid.month}.csv` }
    : { body: await writeXlsx(`Attendance ${grid.month}`, header, rows), mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `attendance-${grid.month}.xlsx` };
};
