import { useQuery } from '@tanstack/react-query';
import type {
  TExpenseClaim, TExpenseClaimInput, TExpenseClaimList, TExpenseDirectPayment, TExpenseListQuery, TExpenseOwnClaims, TExpenseReceiptUpload,
} from '@bizdesk/contract';
import { apiRequest, type TEnvelope, type TRequestOptions } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { portalRequest } from '../portal/portalSession.ts';
import { PORTAL_KEY } from '../portal/api.ts';
import { fetchBlob, saveBlob } from '../employees/files.ts';

const enc = encodeURIComponent;

/**
 * Whose claims a screen works on: the employee in the portal (their own token), the signed-in user's own (`self`,
 * their employee record by e-mail), or HR filing for an employee.
 */
export type TExpenseScope = { kind: 'portal'; employeeId: string; token: string } | { kind: 'self' } | { kind: 'employee'; employeeId: string };

export const EXPENSES_KEY = ['expenses'] as const;
export const scopeKey = (s: TExpenseScope) =>
  s.kind === 'portal' ? [...PORTAL_KEY, s.employeeId, 'expenses'] as const : [...EXPENSES_KEY, s.kind === 'self' ? 'mine' : s.employeeId] as const;
const base = (s: TExpenseScope) => (s.kind === 'self' ? '/expenses/mine' : `/expenses/employee/${enc(s.employeeId)}`);
const send = <T>(s: TExpenseScope, path: string, options: TRequestOptions = {}): Promise<TEnvelope<T>> =>
  s.kind === 'portal' ? portalRequest<T>(path, { ...options, token: s.token, kind: 'portal' }) : apiRequest<T>(path, options);

export const useOwnClaims = (s: TExpenseScope) =>
  useQuery({ queryKey: scopeKey(s), queryFn: async ({ signal }) => (await send<TExpenseOwnClaims>(s, base(s), { signal })).data });

export const useSaveClaim = (s: TExpenseScope) =>
  useApiMutation((v: { claimId?: string; input: TExpenseClaimInput }) =>
    v.claimId ? send<TExpenseClaim>(s, `/expenses/claims/${enc(v.claimId)}`, { method: 'PUT', body: v.input }) : send<TExpenseClaim>(s, base(s), { method: 'POST', body: v.input }),
  { invalidate: [scopeKey(s), [...EXPENSES_KEY, 'all']] });

export const useSubmitClaim = (s: TExpenseScope) =>
  useApiMutation((claimId: string) => send<TExpenseClaim>(s, `/expenses/claims/${enc(claimId)}/submit`, { method: 'POST' }), { invalidate: [scopeKey(s), [...EXPENSES_KEY, 'all']] });

export const useDeleteClaim = (s: TExpenseScope) =>
  useApiMutation((claimId: string) => send<{ _id: string }>(s, `/expenses/claims/${enc(claimId)}`, { method: 'DELETE' }), { invalidate: [scopeKey(s)] });

/** Uploads a receipt photo or PDF; the answer carries what the OCR read (amount, date, vendor) to pre-fill the line. */
export const uploadReceipt = async (s: TExpenseScope, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return (await send<TExpenseReceiptUpload>(s, `${base(s)}/receipts`, { method: 'POST', form })).data;
};

export const downloadReceipt = async (s: TExpenseScope, receipt: { _id: string; name: string }) =>
  saveBlob((await fetchBlob(`/expenses/receipts/${enc(receipt._id)}`, s.kind === 'portal' ? { token: s.token } : {})).blob, receipt.name);

/** HR and Accounts: every claim, filtered, with totals. */
export const useAllClaims = (q: TExpenseListQuery) =>
  useQuery({
    queryKey: [...EXPENSES_KEY, 'all', q],
    queryFn: async ({ signal }) => (await apiRequest<TExpenseClaimList>('/expenses/claims', { signal, query: { ...q } })).data,
  });

export const usePayDirect = () =>
  useApiMutation((v: { claimId: string; input: TExpenseDirectPayment }) => apiRequest<TExpenseClaim>(`/expenses/claims/${enc(v.claimId)}/pay`, { method: 'POST', body: v.input }),
    { invalidate: [EXPENSES_KEY] });
