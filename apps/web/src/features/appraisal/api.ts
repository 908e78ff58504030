import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type {
  TAppraisalConfig, TAppraisalConfigInput, TAppraisalFormView, TAppraisalLanguage, TAppraisalOverview, TAppraisalReport, TAppraisalReportListItem,
  TAppraisalResult, TAppraisalScoresInput, TCountersignInput, TEmployee, TSendAppraisal, TSendAppraisalDownlines, TSendAppraisalResult,
  TSendAppraisalUpline, TSentForms,
} from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { appraisalMessage } from './messages.ts';

const enc = encodeURIComponent;

/** The success message flashed in the reader's language. */
const inLanguage = async <T>(t: TFunction, call: Promise<TEnvelope<T>>): Promise<TEnvelope<T>> => {
  const res = await call;
  return res.message ? { ...res, message: appraisalMessage(t, res.message) } : res;
};

export const APPRAISAL_KEY = ['appraisal'] as const;
export const overviewKey = (departmentId: string) => [...APPRAISAL_KEY, 'overview', departmentId] as const;
const reportsKey = [...APPRAISAL_KEY, 'reports'] as const;
export const resultsKey = (employeeId: string) => [...APPRAISAL_KEY, 'results', employeeId] as const;

/** GET /employee/getappraisal: a department's criteria and progress board. */
export const useAppraisalOverview = (ownerEmail: string, departmentId: string | null) =>
  useQuery({
    enabled: Boolean(departmentId),
    queryKey: overviewKey(departmentId ?? ''),
    queryFn: ({ signal }) => apiData<TAppraisalOverview>('/employee/getappraisal', { signal, query: { ownerEmail, department: departmentId! } }),
  });

/** The department's staff, for the superior and upline pickers (GET /employee/employees/{email}). */
export const useDepartmentStaff = (ownerEmail: string, departmentId: string | null) =>
  useQuery({
    enabled: Boolean(departmentId),
    queryKey: [...APPRAISAL_KEY, 'staff', departmentId],
    queryFn: async ({ signal }) =>
      (await apiRequest<TEmployee[]>(`/employee/employees/${enc(ownerEmail)}`, { signal, query: { page: 1, limit: 100, sort: 'name', order: 'asc', departmentId: departmentId! } })).data ?? [],
  });

export const useSaveCriteria = (departmentId: string) => {
  const { t } = useTranslation('appraisal');
  return useApiMutation((input: TAppraisalConfigInput) => inLanguage(t, apiRequest<TAppraisalConfig>('/employee/appraisal-config', { method: 'POST', body: input })), { invalidate: [overviewKey(departmentId)] });
};

export const useSendAppraisal = (departmentId: string) => {
  const { t } = useTranslation('appraisal');
  return useApiMutation((input: TSendAppraisal) => inLanguage(t, apiRequest<TSendAppraisalResult>('/employee/send-appraisal', { method: 'POST', body: input })), { invalidate: [overviewKey(departmentId)] });
};

export const useSendToSuperior = (departmentId: string) => {
  const { t } = useTranslation('appraisal');
  return useApiMutation((input: TSendAppraisalUpline) => inLanguage(t, apiRequest<TSentForms>('/employee/sendappraisal-upline', { method: 'POST', body: input })), { invalidate: [overviewKey(departmentId)] });
};

export const useSendToDownlines = (departmentId: string) => {
  const { t } = useTranslation('appraisal');
  return useApiMutation((input: TSendAppraisalDownlines) => inLanguage(t, apiRequest<TSentForms>('/employee/sendappraisal-downlines', { method: 'POST', body: input })), { invalidate: [overviewKey(departmentId)] });
};

export const useResendLink = (departmentId: string) => {
  const { t } = useTranslation('appraisal');
  return useApiMutation((formId: string) => inLanguage(t, apiRequest<TSentForms>(`/employee/appraisal-resend/${enc(formId)}`, { method: 'POST' })), { invalidate: [overviewKey(departmentId)] });
};

// The e-mailed form: no staff session; the link's token is the key.
export const formKey = (token: string) => [...APPRAISAL_KEY, 'form', token] as const;

export const useAppraisalForm = (token: string) =>
  useQuery({ queryKey: formKey(token), queryFn: ({ signal }) => apiData<TAppraisalFormView>(`/employee/appraisal/${enc(token)}`, { signal, auth: false }), retry: false, refetchOnWindowFocus: false });

export const useSubmitScores = (token: string) =>
  useMutation({ mutationFn: (input: TAppraisalScoresInput) => apiRequest<{ totalScore: number | null }>(`/employee/appraisal/${enc(token)}`, { method: 'PUT', body: input, auth: false }) });

export const useCountersign = (token: string) =>
  useMutation({ mutationFn: (input: TCountersignInput) => apiRequest<{ totalScore: number | null }>(`/employee/appraisal/${enc(token)}/countersign`, { method: 'PUT', body: input, auth: false }) });

// Results and reports.
export const useAppraisalResults = (employeeId: string, token?: string) =>
  useQuery({ queryKey: [...resultsKey(employeeId), token ? 'portal' : 'staff'], queryFn: ({ signal }) => apiData<TAppraisalResult[]>(`/employee/appraisal-results/${enc(employeeId)}`, { signal, ...(token ? { token } : {}) }) });

/** Writes a report (the spec's GET); the page shows the analysing placeholder until it answers. */
export const useWriteReport = (user: { ownerEmail: string; businessName: string; country: string }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ unit, language }: { unit: string; language: TAppraisalLanguage }) =>
      apiData<TAppraisalReport>(`/openAi/appraisal-report/${enc(user.ownerEmail)}/${enc(user.businessName)}/${enc(user.country)}/${enc(unit)}`, { query: { language } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
};

export const useReports = () =>
  useQuery({
    queryKey: reportsKey,
    queryFn: async ({ signal }) => ((await apiRequest<TAppraisalReportListItem[]>('/openAi/appraisal-reports', { signal, query: { page: 1, limit: 10 } })) as TEnvelope<TAppraisalReportListItem[]>).data ?? [],
  });

export const fetchReport = (id: string) => apiData<TAppraisalReport>(`/openAi/appraisal-reports/${enc(id)}`);
