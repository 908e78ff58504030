import { useQuery } from '@tanstack/react-query';
import type { TAssignStructure, TEmployeeStructure, TPayStructure, TPayStructureInput, TRecurringItem, TRecurringItemInput } from '@bizdesk/contract';
import { PAY_STRUCTURE_PATHS } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { PAY_KEY } from '../payroll/api.ts';

// Pay structures and recurring items (issue 32). Under the payroll key: a change makes runs and pay panels stale too.
export const STRUCTURES_KEY = [...PAY_KEY, 'structures'] as const;
const path = (p: string, id?: string) => (id ? p.replace(':id', encodeURIComponent(id)) : p).replace(/^\/api\/v1/, '');

export const useStructures = () =>
  useQuery({ queryKey: STRUCTURES_KEY, queryFn: ({ signal }) => apiData<TPayStructure[]>(path(PAY_STRUCTURE_PATHS.structures), { signal }) });

export const useEmployeeStructure = (employeeId: string, enabled = true) =>
  useQuery({ enabled, queryKey: [...STRUCTURES_KEY, 'employee', employeeId], queryFn: ({ signal }) => apiData<TEmployeeStructure>(path(PAY_STRUCTURE_PATHS.employee, employeeId), { signal }) });

export const useSaveStructure = () =>
  useApiMutation(({ id, body }: { id: string | null; body: TPayStructureInput }) =>
    apiRequest<TPayStructure>(path(id ? PAY_STRUCTURE_PATHS.structure : PAY_STRUCTURE_PATHS.structures, id ?? undefined), { method: id ? 'PUT' : 'POST', body }), { invalidate: [PAY_KEY] });

export const useDeleteStructure = () =>
  useApiMutation((id: string) => apiRequest(path(PAY_STRUCTURE_PATHS.structure, id), { method: 'DELETE' }), { invalidate: [PAY_KEY] });

export const useAssignStructure = () =>
  useApiMutation((body: TAssignStructure) => apiRequest(path(PAY_STRUCTURE_PATHS.assign), { method: 'POST', body }), { invalidate: [PAY_KEY] });

/** Adds an item to a structure or to one employee. */
export const useAddRecurringItem = () =>
  useApiMutation(({ owner, body }: { owner: { structureId: string } | { employeeId: string }; body: TRecurringItemInput }) =>
    apiRequest<TRecurringItem>('structureId' in owner ? path(PAY_STRUCTURE_PATHS.structureItems, owner.structureId) : path(PAY_STRUCTURE_PATHS.employeeItems, owner.employeeId), { method: 'POST', body }),
  { invalidate: [PAY_KEY] });

export const useEndRecurringItem = () =>
  useApiMutation(({ id, toMonth }: { id: string; toMonth: string }) => apiRequest<TRecurringItem>(path(PAY_STRUCTURE_PATHS.endItem, id), { method: 'PUT', body: { toMonth } }), { invalidate: [PAY_KEY] });

export const useDeleteRecurringItem = () =>
  useApiMutation((id: string) => apiRequest(path(PAY_STRUCTURE_PATHS.item, id), { method: 'DELETE' }), { invalidate: [PAY_KEY] });
