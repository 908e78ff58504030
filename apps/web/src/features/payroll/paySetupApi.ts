import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBankFileLayout, TImportPreview, TJob, TPaySettingsBulkResult } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { fileForm } from '../../shared/api/fileForm.ts';
import type { TImportApi, TImportStarted } from '../../shared/ui/SpreadsheetImportDialog.tsx';
import { PAY_KEY } from './api.ts';

/** Who a bulk change is for: the ticked rows, or the whole list (its search) but the unticked ones. */
export type TBulkTarget = { employeeIds: string[] } | { selectAll: true; search?: string; excludedIds: string[] };

/** One request for every selected employee; the caller says how many were saved (one toast, not one per person). */
export const useBulkSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, settings }: { target: TBulkTarget; settings: Record<string, unknown> }) =>
      (await apiRequest<TPaySettingsBulkResult>('/payroll/settings/bulk', { method: 'POST', body: { ...target, settings } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAY_KEY }),
  });
};

export type TBankFileCheck = { layout: TBankFileLayout; payable: number; totalMinor: number; refused: Array<{ employeeNumber: string; name: string; reason: string }> };
export const checkBankFile = (runId: string, layout: TBankFileLayout) =>
  apiData<TBankFileCheck>(`/payroll/runs/${encodeURIComponent(runId)}/bank-file/check`, { query: { layout } });

const PATH = '/payroll/pay-details/import';
/** The pay details import: preview, all rows or the valid ones, the job. */
export const payDetailsImport = (o: { language: string; template: TImportApi['template']; translate: (key: string) => string; messages: Record<string, string> }): TImportApi => {
  const keyOf = new Map(Object.entries(o.messages).map(([key, text]) => [text, key]));
  return {
    preview: (file) => apiData<TImportPreview>(`${PATH}/preview`, { method: 'POST', form: fileForm(file, { language: o.language }) }),
    start: (file, importValidRows) => apiData<TImportStarted>(PATH, { method: 'POST', form: fileForm(file, { language: o.language, importValidRows: String(importValidRows) }) }),
    getJob: (jobId, signal) => apiData<TJob>(`${PATH}/${encodeURIComponent(jobId)}`, { signal }),
    queryKey: PAY_KEY, jobKind: 'pay-details-import', template: o.template, allowValidRows: true,
    translateJobMessage: (message) => {
      const key = keyOf.get(message);
      return key ? o.translate(`import.server.${key}`) : null;
    },
  };
};
