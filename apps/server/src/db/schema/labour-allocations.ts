import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './accounts.ts';
import { employees } from './employees.ts';
import { places } from './places.ts';

/**
 * How an employee's labour cost is split over projects (issue 35), set by the business: from `effective_month` on,
 * `percent_bp` (basis points) of the employee's cost to the employer goes to the project. An employee's rows of one
 * month add up to at most 10000; what is left stays overhead (on no project). The latest month on or before a run's
 * month applies.
 */
export const employeeProjectAllocations = pgTable('employee_project_allocations', {
  businessId: uuid('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id').notNull().references(() => employees.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id').notNull().references(() => places.id, { onDelete: 'restrict' }),
  percentBp: integer('percent_bp').notNull(),
  /** YYYY-MM: the first payroll month the split applies to. */
  effectiveMonth: text('effective_month').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('employee_project_allocations_uq').on(t.businessId, t.employeeId, t.effectiveMonth, t.projectId),
  index('employee_project_allocations_employee_idx').on(t.businessId, t.employeeId, t.effectiveMonth),
  check('employee_project_allocations_bp_ck', sql`${t.percentBp} > 0 AND ${t.percentBp} <= 10000`),
]);
