import { SEARCH_LIMIT, type TSearchGroup } from '@bizdesk/contract';
import { assertBusinessEmail, hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';

/**
 * One search across the areas the caller may open (issue 10), through each area's own service. Employees now;
 * vendors, items, orders and projects join here as those features land, each behind its own role.
 */
export const createSearchService = (areas: { employees: Pick<TEmployeesService, 'search'> }) => ({
  search: async (auth: TUserAuth, email: string, text: string): Promise<TSearchGroup[]> => {
    assertBusinessEmail(auth, email);
    const groups: TSearchGroup[] = [];
    if (hasRole(auth, 'HR-access')) {
      const { rows, total } = await areas.employees.search(auth, text, SEARCH_LIMIT);
      groups.push({
        area: 'employees',
        more: total > rows.length,
        hits: rows.map((e) => ({
          id: e._id,
          title: e.name,
          subtitle: [e.designation, e.department, e.email].filter(Boolean).join(' · ') || null,
          path: `/employee-detail?id=${encodeURIComponent(e._id)}`,
        })),
      });
    }
    return groups;
  },
});
export type TSearchService = ReturnType<typeof createSearchService>;
