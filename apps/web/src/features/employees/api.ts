import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TDepartmentFile, TDepartmentView, TDesignation, TDesignationInput, TDesignationUpdate, TDocument, TEmployee, TEmployeeDetail, TEmployeeDocuments, TEmployeeInput,
  TEmployeeExitInput, TEmployeeUpdate, TEmployeeWithCodes, TImportPreview, TJob, TNote, TSummary, TUpdateHierarchy, TVideoUpload,
} from '@bizdesk/contract';
import { apiData, apiRequest, type TEnvelope } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { fileForm } from '../../shared/api/fileForm.ts';
import { listQuery, type TListState } from './listQuery.ts';

const enc = encodeURIComponent;

type TPaged<T> = TEnvelope<T[]> & { page: number; limit: number; total: number; totalRecords: number };

/** Every query of the staff list and its figures starts with this key, so one invalidation refreshes them all. */
export const EMPLOYEES_KEY = ['employees'] as const;
export const employeeKey = (id: string) => ['employee', id] as const;
export const documentsKey = (id: string) => ['employee-documents', id] as const;
export const designationsKey = (email: string) => ['designations', email] as const;
export const departmentViewKey = (unit: string, dept: string) => ['department-view', unit, dept] as const;

/**
 * How many employees the business has (GET /employee/employees/{email}). The dashboard shows the figure only
 * when the call answers, so it appears as soon as the employees module is served.
 */
export const employeeCountQuery = (email: string, enabled = true) =>
  queryOptions({
    enabled,
    queryKey: [...EMPLOYEES_KEY, email, 'count'],
    queryFn: async ({ signal }) => {
      const res = (await apiRequest<unknown[]>(`/employee/employees/${enc(email)}`, { signal, query: { page: 1, limit: 1 } })) as Partial<TPaged<unknown>>;
      return typeof res.totalRecords === 'number' ? res.totalRecords : Array.isArray(res.data) ? res.data.length : 0;
    },
    retry: false,
  });
export const useEmployeeCount = (email: string, enabled = true) => useQuery(employeeCountQuery(email, enabled));

export type TEmployeePage = { rows: TEmployee[]; totalRecords: number };

/** GET /employee/employees/{email}: one page of the staff list (server-side search, filters, sort). */
export const fetchEmployeePage = async (email: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<TEmployeePage> => {
  const res = (await apiRequest<TEmployee[]>(`/employee/employees/${enc(email)}`, { signal, query })) as TPaged<TEmployee>;
  return { rows: res.data ?? [], totalRecords: res.totalRecords ?? 0 };
};

export const useEmployeePage = (email: string, state: TListState) => {
  const query = listQuery(state);
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, email, 'page', query],
    queryFn: ({ signal }) => fetchEmployeePage(email, query, signal),
    placeholderData: keepPreviousData,
  });
};

/** A short list of employees matching what was typed (pickers). */
export const useEmployeeSearch = (email: string, search: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: [...EMPLOYEES_KEY, email, 'search', search],
    queryFn: ({ signal }) => fetchEmployeePage(email, { page: 1, limit: 20, sort: 'name', order: 'asc', ...(search ? { search } : {}) }, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useEmployee = (id: string | null) =>
  useQuery({
    enabled: !!id,
    queryKey: employeeKey(id ?? ''),
    queryFn: ({ signal }) => apiData<TEmployeeDetail>(`/employee/detail/${enc(id!)}`, { signal }),
  });

export const useDesignations = (email: string) =>
  useQuery({ queryKey: designationsKey(email), queryFn: ({ signal }) => apiData<TDesignation[]>(`/employee/designation/${enc(email)}`, { signal }) });

export const useEmployeeSummary = () =>
  useQuery({ queryKey: [...EMPLOYEES_KEY, 'summary'], queryFn: ({ signal }) => apiData<TSummary>('/employee/summary', { signal }) });

export const useEmployeeDocuments = (id: string | null) =>
  useQuery({ enabled: !!id, queryKey: documentsKey(id ?? ''), queryFn: ({ signal }) => apiData<TEmployeeDocuments>(`/employee/documents/${enc(id!)}`, { signal }) });

export const useDepartmentView = (unit: string, dept: string) =>
  useQuery({
    queryKey: departmentViewKey(unit, dept),
    queryFn: ({ signal }) => apiData<TDepartmentView>(`/employee/department-view/${enc(unit)}/${enc(dept)}`, { signal }),
  });

/** POST /employee/create/{id}: {id} is the signed-in user's _id. */
export const useCreateEmployee = (userId: string) =>
  useApiMutation((input: TEmployeeInput) => apiRequest<TEmployeeWithCodes>(`/employee/create/${enc(userId)}`, { method: 'POST', body: input }), { invalidate: [EMPLOYEES_KEY, ['designations'], ['department-view']] });

export const useUpdateEmployee = (id: string) =>
  useApiMutation((input: TEmployeeUpdate) => apiRequest<TEmployeeDetail>(`/employee/update-1/${enc(id)}`, { method: 'POST', body: input }), {
    invalidate: [EMPLOYEES_KEY, employeeKey(id), ['designations'], ['department-view']],
  });

export const useDeleteEmployee = () =>
  useApiMutation((id: string) => apiRequest<{ _id: string }>(`/employee/delete/${enc(id)}`, { method: 'DELETE' }), { invalidate: [EMPLOYEES_KEY, ['employee'], ['designations'], ['department-view']] });

export const useUpdateHierarchy = () =>
  useApiMutation((input: TUpdateHierarchy) => apiRequest<TEmployeeDetail>('/employee/update-hierarchy', { method: 'PUT', body: input }), { invalidate: [['employee'], EMPLOYEES_KEY] });

export const useRegeneratePortalCode = (id: string) =>
  useApiMutation(() => apiRequest<TEmployeeWithCodes>(`/employee/regenerate-portal-code/${enc(id)}`, { method: 'PUT' }), { invalidate: [employeeKey(id), EMPLOYEES_KEY] });

export const useCreateDesignation = (email: string) =>
  useApiMutation((input: TDesignationInput) => apiRequest<TDesignation>('/designation', { method: 'POST', body: input }), { invalidate: [designationsKey(email)] });

export const useUploadPhoto = (id: string) =>
  useApiMutation((file: File) => apiRequest<{ _id: string; imagePath: string }>(`/images/upload/${enc(id)}`, { method: 'POST', form: fileForm(file) }), {
    invalidate: [employeeKey(id), EMPLOYEES_KEY, ['employee-photo']],
  });

export const useUploadDocument = (id: string) =>
  useApiMutation((file: File) => apiRequest<TDocument>(`/docs/uploadById/${enc(id)}`, { method: 'POST', form: fileForm(file) }), { invalidate: [documentsKey(id)] });

export const useDeleteDocument = (employeeId: string) =>
  useApiMutation((docId: string) => apiRequest<{ _id: string }>(`/docs/delete/${enc(docId)}`, { method: 'DELETE' }), { invalidate: [documentsKey(employeeId)] });

export const useAddNote = (employeeId: string) =>
  useApiMutation((textData: string) => apiRequest<TNote>('/docs/notes', { method: 'POST', body: { employeeId, textData } }), { invalidate: [documentsKey(employeeId)] });

/** POST /docs/upload with `department` (+ `email`) before the file: a file of the department. */
export const useUploadDepartmentFile = (email: string) =>
  useApiMutation(
    ({ departmentId, file }: { departmentId: string; file: File }) =>
      apiRequest<{ target: 'department'; file: TDepartmentFile }>('/docs/upload', { method: 'POST', form: fileForm(file, { department: departmentId, email }) }),
    { invalidate: [['department-view']] },
  );

export const useAddVideo = () =>
  useApiMutation((input: TVideoUpload) => apiRequest<TDepartmentFile>('/videos/upload', { method: 'POST', body: input }), { invalidate: [['department-view']] });

export const useDeleteDepartmentFile = (email: string) =>
  useApiMutation(
    ({ departmentId, file }: { departmentId: string; file: TDepartmentFile }) =>
      apiRequest<unknown>('/employee/deleteFileFromDepartment', { method: 'DELETE', body: { department: departmentId, fileIndex: file.index, userEmail: email, fileId: file._id } }),
    { invalidate: [['department-view']] },
  );

// Import: preview (dry run), start a job, follow it.

export const previewImport = (file: File) => apiData<TImportPreview>('/employee/import/preview', { method: 'POST', form: fileForm(file) });

/** `importValidRows` goes before the file: the server reads the multipart stream in order. */
export const startImport = (file: File, importValidRows: boolean) =>
  apiData<{ jobId: string; status: TJob['status']; total: number }>('/employee/import', { method: 'POST', form: fileForm(file, { importValidRows: String(importValidRows) }) });

export const getImportJob = (jobId: string, signal?: AbortSignal) => apiData<TJob>(`/employee/import/${enc(jobId)}`, { signal });

/** PUT /designation/{id} and DELETE /designation/{id} (issue 10). */
export const useUpdateDesignation = (email: string) =>
  useApiMutation(({ id, ...input }: TDesignationUpdate & { id: string }) => apiRequest<TDesignation>(`/designation/${enc(id)}`, { method: 'PUT', body: input }), {
    invalidate: [designationsKey(email), EMPLOYEES_KEY, ['employee']],
  });

export const useDeleteDesignation = (email: string) =>
  useApiMutation((id: string) => apiRequest<unknown>(`/designation/${enc(id)}`, { method: 'DELETE' }), { invalidate: [designationsKey(email)] });

/** POST /employee/exit/{id}: records an exit (issue 32); the staff list and the record show the employee as left. */
export const useRecordExit = (id: string) =>
  useApiMutation((input: TEmployeeExitInput) => apiRequest<TEmployeeDetail>(`/employee/exit/${enc(id)}`, { method: 'POST', body: input }), { invalidate: [employeeKey(id), EMPLOYEES_KEY] });

/** DELETE /employee/exit/{id}: withdraws an exit recorded by mistake. */
export const useWithdrawExit = (id: string) =>
  useApiMutation(() => apiRequest<TEmployeeDetail>(`/employee/exit/${enc(id)}`, { method: 'DELETE' }), { invalidate: [employeeKey(id), EMPLOYEES_KEY] });
