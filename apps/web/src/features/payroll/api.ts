import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAnnualReturns, TApproveRunInput, TEmployeeCost, TLoan, TPayslip, TPaySettings, TPaySummary, TRun, TRunLine, TTaxFiling } from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { businessToday } from '../../shared/format/dates.ts';
import { fetchBlob } from '../employees/files.ts';

type TPaged<T> = TEnvelope<T[]> & { totalRecords: number };
export type TPage<T> = { rows: T[]; totalRecords: number };
export type TEmployeePay = { settings: TPaySettings; loans: TLoan[]; grossHistory: Array<{ previousMinor: number | null; grossMinor: number; effectiveDate: string; changedAt: string }>; items: Array<{ _id: string; month: string; kind: string; amountMinor: number }> };
export type { TPaySummary } from '@bizdesk/contract';
export type TSlipListItem = { _id: string; month: string; currency: string; netMinor: number; isPublished: boolean; publishedAt: string | null; kind?: string; label?: string | null };

/** Every payroll query starts with this key, so one invalidation refreshes them all. */
export const PAY_KEY = ['pay'] as const;
const enc = encodeURIComponent;

/** This month as YYYY-MM in the browser's zone (the server defaults to the business's). */
export const thisMonth = () => businessToday().slice(0, 7);

export const usePaySettings = (page: number, limit: number, search: string) =>
  useQuery({
    queryKey: [...PAY_KEY, 'settings', page, limit, search],
    queryFn: async ({ signal }): Promise<TPage<TPaySettings>> => {
      const res = (await apiRequest<TPaySettings[]>('/payroll/settings', { signal, query: { page, limit, search: search || undefined } })) as TPaged<TPaySettings>;
      return { rows: res.data, totalRecords: res.totalRecords };
    },
    placeholderData: keepPreviousData,
  });

export const useEmployeePay = (id: string, enabled = true) =>
  useQuery({ enabled, queryKey: [...PAY_KEY, 'employee', id], queryFn: ({ signal }) => apiData<TEmployeePay>(`/payroll/employee/${enc(id)}`, { signal }) });

export const useSaveSettings = () =>
  useApiMutation(({ id, body }: { id: string; body: Record<string, unknown> }) => apiRequest<TPaySettings>(`/employee/payment-settings/${enc(id)}`, { method: 'PUT', body }), { invalidate: [PAY_KEY] });

export const useAddItem = () =>
  useApiMutation(({ id, kind, value, month }: { id: string; kind: 'allowance' | 'overtime' | 'iou'; value: string; month: string }) => {
    const path = kind === 'allowance' ? 'allowance' : kind === 'overtime' ? 'overtimeAdder' : 'IOU';
    return apiRequest(`/employee/${path}/${enc(id)}/${enc(value)}`, { method: kind === 'iou' ? 'PUT' : 'POST', query: { month } });
  }, { invalidate: [PAY_KEY] });

export const useAddLoan = () =>
  useApiMutation((body: { employeeId: string; loanDetail: { principal: string; monthlyRepayment: string; startMonth: string; note?: string } }) =>
    apiRequest<TLoan>('/employee/add-loan', { method: 'POST', body }), { invalidate: [PAY_KEY] });

/** Settles or writes off a loan's balance; the screen says what happened in the user's language (the server's text is English). */
export const useLoanOff = () =>
  useApiMutation(async (body: { loanId: string; action: 'settle' | 'write-off'; note?: string }) =>
    ({ ...(await apiRequest<TLoan>('/employee/loan-off', { method: 'POST', body })), message: undefined }), { invalidate: [PAY_KEY] });

export const useRun = (month: string) =>
  useQuery({
    queryKey: [...PAY_KEY, 'run', month],
    queryFn: ({ signal }) => apiData<TRun | null>(`/payroll/run/${enc(month)}`, { signal }),
    // While the run is computing, its progress is polled once a second.
    refetchInterval: (q) => (q.state.data?.job && ['queued', 'running'].includes(q.state.data.job.status) ? 1000 : false),
  });

export const useRunLines = (runId: string | undefined, page: number, limit: number, search: string, stamp: string | null | undefined) =>
  useQuery({
    enabled: Boolean(runId),
    queryKey: [...PAY_KEY, 'lines', runId, page, limit, search, stamp],
    queryFn: async ({ signal }): Promise<TPage<TRunLine>> => {
      const res = (await apiRequest<TRunLine[]>(`/payroll/runs/${enc(runId!)}/lines`, { signal, query: { page, limit, search: search || undefined } })) as TPaged<TRunLine>;
      return { rows: res.data, totalRecords: res.totalRecords };
    },
    placeholderData: keepPreviousData,
  });

export const useBulkUpload = () =>
  useApiMutation((body: { selectAll?: boolean; selectedEmployeeIds?: string[]; month: string }) => apiRequest<TRun>('/employee/employeeBulkUpload', { method: 'POST', body }), { invalidate: [PAY_KEY] });

export const useRunAction = () =>
  useApiMutation(({ runId, action }: { runId: string; action: 'compute' | 'approve' | 'paid' | 'publish-all' }) =>
    apiRequest(`/payroll/runs/${enc(runId)}/${action}`, { method: 'POST' }), { invalidate: [PAY_KEY] });

/** Issue 32: approve with the self-approving owner's reason and the employees left out of the run. */
export const useApproveRun = () =>
  useApiMutation(({ runId, input }: { runId: string; input: TApproveRunInput }) =>
    apiRequest(`/payroll/runs/${enc(runId)}/approve`, { method: 'POST', body: input }), { invalidate: [PAY_KEY] });

export const useSlipVisibility = () =>
  useApiMutation(({ employeeId, isPublished }: { employeeId: string; isPublished: boolean }) =>
    apiRequest(`/employee/${isPublished ? 'publish-slip' : 'remove-slip'}/${enc(employeeId)}`, { method: 'PUT' }), { invalidate: [PAY_KEY] });

export const useTaxFiling = (month: string) =>
  useQuery({ queryKey: [...PAY_KEY, 'tax-filing', month], queryFn: ({ signal }) => apiData<TTaxFiling>(`/payroll/tax-filing/${enc(month)}`, { signal }) });

export const useAnnualReturns = (year: number) =>
  useQuery({ queryKey: [...PAY_KEY, 'annual-returns', year], queryFn: ({ signal }) => apiData<TAnnualReturns>(`/payroll/annual-returns/${year}`, { signal }) });

/** The year's summary; `month` picks the month of the department costs (default: the year's latest computed run). */
export const usePaySummary = (year: number, month?: string | null) =>
  useQuery({
    queryKey: [...PAY_KEY, 'summary', year, month ?? null],
    queryFn: ({ signal }) => apiData<TPaySummary>('/payroll/summary', { signal, query: { year, ...(month ? { month } : {}) } }),
    placeholderData: keepPreviousData,
  });

/** Each employee's cost to the employer in a month's run, a page at a time. */
export const useEmployeeCosts = (month: string | null, page: number, limit: number) =>
  useQuery({
    enabled: Boolean(month),
    queryKey: [...PAY_KEY, 'employee-costs', month, page, limit],
    queryFn: async ({ signal }): Promise<TPage<TEmployeeCost>> => {
      const res = (await apiRequest<TEmployeeCost[]>('/payroll/summary/employees', { signal, query: { month: month!, page, limit } })) as TPaged<TEmployeeCost>;
      return { rows: res.data, totalRecords: res.totalRecords };
    },
    placeholderData: keepPreviousData,
  });

/** A payslip with the staff token or, in the portal, the employee's own token. */
export const usePayslip = (id: string, token: string | null) =>
  useQuery({ queryKey: [...PAY_KEY, 'payslip', id, Boolean(token)], queryFn: ({ signal }) => apiData<TPayslip>(`/payroll/payslip/${enc(id)}`, { signal, ...(token ? { token } : {}) }), retry: false });

export const useEmployeeSlips = (employeeId: string, token?: string | null) =>
  useQuery({ queryKey: [...PAY_KEY, 'slips', employeeId], queryFn: ({ signal }) => apiData<TSlipListItem[]>(`/portal/payslips/${enc(employeeId)}`, { signal, ...(token ? { token } : {}) }) });

/** Saves an authenticated file (the token never goes into a URL). */
export const downloadFile = async (path: string, opts: { query?: Record<string, string>; token?: string | null; fallbackName: string }) => {
  const { blob, fileName } = await fetchBlob(path, { query: opts.query, ...(opts.token ? { token: opts.token } : {}) });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName === 'download' ? opts.fallbackName : fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
