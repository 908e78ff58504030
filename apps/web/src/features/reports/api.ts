import { useQuery } from '@tanstack/react-query';
import type { TAiReportRecord } from '@bizdesk/contract';
import { apiData } from '../../shared/api/client.ts';

const enc = encodeURIComponent;
export const REPORTS_KEY = ['ai-reports'] as const;

export const projectReport = (email: string, tag: string, country: string, language: string) =>
  apiData<TAiReportRecord>(`/openAi/response-one/${enc(email)}/${enc(tag)}/${enc(country)}`, { query: { language } });

export const businessReport = (email: string, business: string, country: string, language: string) =>
  apiData<TAiReportRecord>(`/openAi/response-all/${enc(email)}/${enc(business)}/${enc(country)}`, { query: { language } });

export const runningCostReport = (input: { email: string; projectTitle: string; country: string; TotalOverheadExpenses: string; CurrentWorkLevel: string; tagName: string; language: string }) =>
  apiData<TAiReportRecord>('/openAi/running-cost-response', { method: 'POST', body: input });

export const useReports = (email: string, tagName?: string) =>
  useQuery({
    queryKey: [...REPORTS_KEY, email, tagName ?? ''],
    queryFn: ({ signal }) => apiData<TAiReportRecord[]>(`/openAi/reports/${enc(email)}`, { signal, query: { tagName } }),
  });
