import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/client.ts';

type TEmployeesResponse = { data: unknown[]; totalRecords?: number };

/**
 * How many employees the business has (GET /employee/employees/{email}). The dashboard shows the figure only
 * when the call answers, so it appears as soon as the employees module is served.
 */
export const useEmployeeCount = (email: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['employees', email, 'count'],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<unknown[]>(`/employee/employees/${encodeURIComponent(email)}`, { signal, query: { page: 1, limit: 1 } })) as TEmployeesResponse;
      return typeof res.totalRecords === 'number' ? res.totalRecords : Array.isArray(res.data) ? res.data.length : 0;
    },
    retry: false,
  });
