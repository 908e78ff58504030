import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * Payroll labour on projects (issue 35): the share of an employee's cost to the employer that each project carries, set
 * by the business from a month on (basis points, adding up to at most 10000; the rest stays overhead). An approved
 * payroll run writes the shares to the project cost ledger.
 */
export const ZYearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM');

export const ZLabourAllocationInput = z.object({
  effectiveMonth: ZYearMonth.describe('the first payroll month the split applies to'),
  allocations: z.array(z.object({
    projectId: ZId,
    percentBp: z.number().int('must be a whole number of basis points').min(1, 'must be more than 0').max(10000, 'must be at most 100%'),
  })).max(50, 'must have at most 50 projects'),
}).superRefine((v, ctx) => {
  if (v.allocations.reduce((s, a) => s + a.percentBp, 0) > 10000) ctx.addIssue({ code: 'custom', path: ['allocations'], message: 'the shares add up to more than 100%' });
  const ids = v.allocations.map((a) => a.projectId);
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['allocations'], message: 'a project is listed twice' });
});
export type TLabourAllocationInput = z.infer<typeof ZLabourAllocationInput>;

export const ZLabourAllocation = z.object({
  employeeId: z.string(),
  /** Newest month first; the latest month on or before a run's month applies to it. */
  months: z.array(z.object({
    effectiveMonth: z.string(),
    allocations: z.array(z.object({ projectId: z.string(), projectName: z.string(), percentBp: z.number().int() })),
  })),
});
export type TLabourAllocation = z.infer<typeof ZLabourAllocation>;
