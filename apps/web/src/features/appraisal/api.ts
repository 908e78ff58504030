import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type {
  TAppraisalConfig, TAppraisalConfigInput, TAppraisalFormView, TAppraisalLanguage, TAppraisalOverview, TAppraisalReport, TAppraisalReportListItem,
  TAppraisalResult, TAppraisalScoresInput, TCountersignInput, TEmployee, TSendAppraisal, TSendAppraisalDownlines, TSendAppraisalResult,
  TSendAppraisalUpline, TSentForms, TAssignAppraisers, TAssignAppraisersResult, TUpwardQuestionsInput, TAppraisalCriterion,
} from '@bizdesk/contract';
import { useNotificationStream } from '../notifications/api.ts';
import type { TNotice } from '../notifications/model.ts';
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

const STAFF_PAGE = 100;
/** Everyone on the staff list, any department (superiors and appraisers may work elsewhere): page by page. */
export const useBusinessStaff = (ownerEmail: string) =>
  useQuery({
    queryKey: [...APPRAISAL_KEY, 'business-staff'],
    queryFn: async ({ signal }) => {
      const all: TEmployee[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const res = await apiRequest<TEmployee[]>(`/employee/employees/${enc(ownerEmail)}`, { signal, query: { page, limit: STAFF_PAGE, sort: 'name', order: 'asc' } });
        const rows = res.data ?? [];
        all.push(...rows);
        if (rows.length < STAFF_PAGE) break;
      }
      return all;
    },
  });

/** POST /employee/appraisal-appraisers: appraisers of a whole department (one person, or uplines then superiors). */
export const useAssignAppraisers = () => {
  const { t } = useTranslation('appraisal');
  return useApiMutation((input: TAssignAppraisers) => inLanguage(t, apiRequest<TAssignAppraisersResult>('/employee/appraisal-appraisers', { method: 'POST', body: input })), { invalidate: [APPRAISAL_KEY] });
};

/** PUT /employee/appraisal-upward-questions: what downlines answer about their upline. */
export const useSaveUpwardQuestions = () => {
  const { t } = useTranslation('appraisal');
  return useApiMutation((input: TUpwardQuestionsInput) => inLanguage(t, apiRequest<TAppraisalCriterion[]>('/employee/appraisal-upward-questions', { method: 'PUT', body: input })), { invalidate: [APPRAISAL_KEY] });
};

/**
 * The progress board follows the live stream: every step of a cycle (scored, countersigned, feedback received)
 * notifies HR with a link to the appraisal screen, so each such arrival reloads the boards.
 */
export const useLiveAppraisals = (ownerEmail: string) => {
  const queryClient = useQueryClient();
  const onArrival = useCallback((notice: TNotice) => {
    if (notice.link?.screen === 'appraisals') void queryClient.invalidateQueries({ queryKey: [...APPRAISAL_KEY, 'overview'] });
  }, [queryClient]);
  useNotificationStream(ownerEmail, onArrival);
};

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
