import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboardFigure, TDashboardSummary } from '@bizdesk/contract';
import { apiData } from '../../shared/api/client.ts';

export type { TDashboardSummary };

export const dashboardSummaryQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'summary'], queryFn: ({ signal }) => apiData<TDashboardSummary>('/dashboard/summary', { signal }) });

export const dashboardFiguresQuery = () =>
  queryOptions({ queryKey: ['dashboard-figures'], queryFn: ({ signal }) => apiData<TDashboardFigure[]>('/dashboard/figures', { signal }), retry: false });

export const useDashboardSummary = () => useQuery(dashboardSummaryQuery());
