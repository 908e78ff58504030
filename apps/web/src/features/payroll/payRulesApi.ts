import { useQuery } from '@tanstack/react-query';
import type { TPayRules, TPayRulesInput } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { PAY_KEY } from './api.ts';

const KEY = [...PAY_KEY, 'pay-rules'] as const;

/** GET /payroll/pay-rules (issue 32): how part months, unpaid days and leavers are paid. */
export const usePayRules = () => useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiData<TPayRules>('/payroll/pay-rules', { signal }) });

/** PUT /payroll/pay-rules: the owner changes one rule at a time. */
export const useSavePayRules = () =>
  useApiMutation((body: TPayRulesInput) => apiRequest<TPayRules>('/payroll/pay-rules', { method: 'PUT', body }), { invalidate: [KEY] });
