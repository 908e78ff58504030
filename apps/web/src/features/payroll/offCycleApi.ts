import { useQuery } from '@tanstack/react-query';
import type { TCreateOffCycleRun, TOffCycleRunDetail, TRun } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { PAY_KEY } from './api.ts';

const enc = encodeURIComponent;

/** The month's runs: the regular one first, then its off-cycle runs (issue 32 item 3), each with its kind. */
export const useMonthRuns = (month: string) =>
  useQuery({ queryKey: [...PAY_KEY, 'runs', month], queryFn: ({ signal }) => apiData<TRun[]>('/payroll/runs', { signal, query: { month } }) });

/** One off-cycle run (with what it pays each employee); polled while it computes. */
export const useOffCycleRun = (runId: string | null) =>
  useQuery({
    enabled: Boolean(runId),
    queryKey: [...PAY_KEY, 'off-cycle', runId],
    queryFn: ({ signal }) => apiData<TOffCycleRunDetail>(`/payroll/off-cycle/${enc(runId!)}`, { signal }),
    refetchInterval: (q) => (q.state.data?.run.job && ['queued', 'running'].includes(q.state.data.run.job.status) ? 1000 : false),
  });

export const useCreateOffCycleRun = () =>
  useApiMutation((body: TCreateOffCycleRun) => apiRequest<TOffCycleRunDetail>('/payroll/off-cycle', { method: 'POST', body }), { invalidate: [PAY_KEY] });

export const useDeleteOffCycleRun = () =>
  useApiMutation((runId: string) => apiRequest(`/payroll/off-cycle/${enc(runId)}`, { method: 'DELETE' }), { invalidate: [PAY_KEY] });
