import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TVariance } from '@bizdesk/contract';
import { apiData } from '../../shared/api/client.ts';
import { downloadFile, PAY_KEY } from './api.ts';

// The payroll register file and the month-on-month variance of a run (issue 32 item 7).

/** The run compared with the latest earlier run; `stamp` (computed time and status) refetches after a new computation. */
export const useVariance = (runId: string | undefined, page: number, limit: number, stamp: string | null | undefined) =>
  useQuery({
    enabled: Boolean(runId),
    queryKey: [...PAY_KEY, 'variance', runId, page, limit, stamp],
    queryFn: ({ signal }) => apiData<TVariance>(`/payroll/runs/${encodeURIComponent(runId!)}/variance`, { signal, query: { page, limit } }),
    placeholderData: keepPreviousData,
  });

/** Saves the run's register: every employee's figures as numbers, with a totals row. */
export const downloadRegister = (runId: string, month: string, format: 'csv' | 'xlsx') =>
  downloadFile(`/payroll/runs/${encodeURIComponent(runId)}/register`, { query: { format }, fallbackName: `payroll-register-${month}.${format}` });
