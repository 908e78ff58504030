import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TRemittanceList, TRemittanceListQuery, TRemittancePayment } from '@bizdesk/contract';
import { REMITTANCE_RECEIPT_FIELD } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { downloadFile } from '../employees/files.ts';

/** Every remittance query starts with this key; the dashboard's figures change with a payment too. */
export const REMITTANCES_KEY = ['remittances'] as const;
const DASHBOARD_FIGURES_KEY = ['dashboard-figures'] as const;

export const useRemittances = (query: TRemittanceListQuery) =>
  useQuery({
    queryKey: [...REMITTANCES_KEY, query],
    queryFn: ({ signal }) => apiData<TRemittanceList>('/remittances', { signal, query }),
    placeholderData: keepPreviousData,
  });

export type TRecordPayment = {
  kind: string; payee: string; period: string; amount: string; reference: string; paidOn: string; note?: string; receipt: File | null;
};

/** The text fields first, then the receipt: the server reads the form in order. */
export const paymentForm = ({ receipt, ...fields }: TRecordPayment) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && (value !== '' || name === 'payee')) form.append(name, value);
  if (receipt) form.append(REMITTANCE_RECEIPT_FIELD, receipt);
  return form;
};

export const useRecordPayment = () =>
  useApiMutation((vars: TRecordPayment) => apiRequest<TRemittancePayment>('/remittances/payments', { method: 'POST', form: paymentForm(vars) }), {
    invalidate: [REMITTANCES_KEY, DASHBOARD_FIGURES_KEY],
  });

export const useVoidPayment = () =>
  useApiMutation(({ id, reason }: { id: string; reason: string }) => apiRequest<TRemittancePayment>(`/remittances/payments/${encodeURIComponent(id)}/void`, { method: 'POST', body: { reason } }), {
    invalidate: [REMITTANCES_KEY, DASHBOARD_FIGURES_KEY],
  });

export const downloadReceipt = (payment: TRemittancePayment) =>
  downloadFile(`/remittances/payments/${encodeURIComponent(payment._id)}/receipt`, { fileName: payment.receipt?.name ?? 'receipt' });

/** Minor units as the API's major-unit text ("69500.5" → "69500.50"), by integer arithmetic. */
export const minorToMajorText = (minor: number) => `${Math.trunc(minor / 100)}.${String(Math.abs(minor % 100)).padStart(2, '0')}`;
