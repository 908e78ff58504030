import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../shared/api/client.ts';

/** GET /dashboard/summary: the business's real counts; grows as modules add their figures. */
export type TDashboardSummary = { users: number; departments: number; collectionPoints: number; unreadNotifications: number; [figure: string]: number };

export const useDashboardSummary = () =>
  useQuery({ queryKey: ['dashboard', 'summary'], queryFn: ({ signal }) => apiData<TDashboardSummary>('/dashboard/summary', { signal }) });
