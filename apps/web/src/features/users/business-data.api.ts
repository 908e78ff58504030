import { useQuery } from '@tanstack/react-query';
import type { TBusinessDataStatus, TBusinessExport, TBusinessImportResult } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { fileForm } from '../../shared/api/fileForm.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { downloadFile } from '../employees/files.ts';

export const businessDataKey = ['business-data'] as const;

const isRunning = (e: TBusinessExport | null | undefined) => !!e && (e.status === 'queued' || e.status === 'running');

/** GET /business/data (owner): the latest export (polled while it is prepared) and whether the business is empty. */
export const useBusinessData = (enabled: boolean) =>
  useQuery({
    queryKey: businessDataKey,
    enabled,
    queryFn: ({ signal }) => apiData<TBusinessDataStatus>('/business/data', { signal }),
    refetchInterval: (q) => (isRunning(q.state.data?.latest) ? 1000 : false),
  });

/** POST /business/export (owner): prepares the archive; the card polls its progress. */
export const useStartExport = () => useApiMutation(() => apiRequest<TBusinessExport>('/business/export', { method: 'POST' }), { invalidate: [businessDataKey] });

export const downloadExport = (e: TBusinessExport) => downloadFile(e.downloadPath!);

/** POST /business/import (owner of an empty business): the archive replaces this business; the session ends after. */
export const useImportArchive = () =>
  useApiMutation((file: File) => apiRequest<TBusinessImportResult>('/business/import', { method: 'POST', form: fileForm(file) }), { invalidate: [] });
