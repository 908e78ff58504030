import { useQuery } from '@tanstack/react-query';
import type { TLabourAllocation, TLabourAllocationInput } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

/** Issue 35: an employee's labour split over projects (HR-access or Accounts-access). */
export const useLabourAllocation = (employeeId: string) =>
  useQuery({ queryKey: ['labour-allocation', employeeId], queryFn: ({ signal }) => apiData<TLabourAllocation>(`/projects/labour-allocation/${employeeId}`, { signal }) });

export const useSaveLabourAllocation = (employeeId: string) =>
  useApiMutation((body: TLabourAllocationInput) => apiRequest<TLabourAllocation>(`/projects/labour-allocation/${employeeId}`, { method: 'PUT', body }), { invalidate: [['labour-allocation', employeeId]] });
