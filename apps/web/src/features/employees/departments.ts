import type { TDepartment } from '@bizdesk/contract';

/** A department's name, with its unit when the business has several units. */
export const departmentLabel = (d: TDepartment, departments: readonly TDepartment[]) =>
  new Set(departments.map((x) => x.unitId)).size > 1 ? `${d.name} · ${d.unit}` : d.name;
