import { useQuery } from '@tanstack/react-query';
import type { TDataAuthV2, TDocument, TEmployeeDetail, TEmployeeDocuments, TEmployeeUpdate, TPortalPinInput, TPortalSession, TPortalSignIn } from '@bizdesk/contract';
import { useApiMutation } from '../../shared/api/mutations.ts';
import { fetchBlob, saveBlob } from '../employees/files.ts';
import { portalRequest } from './portalSession.ts';

const enc = encodeURIComponent;

/** Everything the portal caches sits under this key, apart from the staff screens' cache. */
export const PORTAL_KEY = ['portal'] as const;
const ownKey = (id: string) => [...PORTAL_KEY, id] as const;

type TSignedIn<T> = { token: string; data: T };

/** GET /employee/accessId/{portalCode} (public): a token for this one employee. */
export const signInWithPortalCode = async (portalCode: string): Promise<TSignedIn<TPortalSession>> => {
  const res = (await portalRequest<TPortalSession>(`/employee/accessId/${enc(portalCode)}`)) as { token?: string; data: TPortalSession };
  if (!res.token) throw new Error('Token is not available in the response data.');
  return { token: res.token, data: res.data };
};

/**
 * POST /employee/portal-sign-in (public): the code, and the PIN once the employee has chosen one (the server answers
 * 401 PIN_REQUIRED to the code alone then). Before that, the session can only choose the PIN (`pinSet: false`).
 */
export const signInToPortal = async (input: TPortalSignIn): Promise<TSignedIn<TPortalSession>> => {
  const res = (await portalRequest<TPortalSession>('/employee/portal-sign-in', { method: 'POST', body: input })) as { token?: string; data: TPortalSession };
  if (!res.token) throw new Error('Token is not available in the response data.');
  return { token: res.token, data: res.data };
};

/** PUT /employee/portal-pin: chooses or changes the PIN; the answer's token replaces the session's (the others end). */
export const setPortalPin = async (token: string, input: TPortalPinInput): Promise<string> => {
  const res = (await portalRequest<{ pinSet: true }>('/employee/portal-pin', { method: 'PUT', body: input, token, kind: 'portal' })) as { token?: string };
  if (!res.token) throw new Error('Token is not available in the response data.');
  return res.token;
};

/** POST /employee/collectorIdV2 (public): DataAuthV2 and a token for this collection point. */
export const signInToCollectionPoint = async (input: { dataCode: string; employeeUniqueCode: string }): Promise<TSignedIn<TDataAuthV2>> => {
  const res = (await portalRequest<TDataAuthV2>('/employee/collectorIdV2', { method: 'POST', body: input })) as { token?: string; data: TDataAuthV2 };
  if (!res.token) throw new Error('Token is not available in the response data.');
  return { token: res.token, data: res.data };
};

export const useOwnRecord = (id: string, token: string) =>
  useQuery({
    queryKey: [...ownKey(id), 'detail'],
    queryFn: async ({ signal }) => (await portalRequest<TEmployeeDetail>(`/employee/detail/${enc(id)}`, { signal, token, kind: 'portal' })).data,
  });

export const useOwnDocuments = (id: string, token: string) =>
  useQuery({
    queryKey: [...ownKey(id), 'documents'],
    queryFn: async ({ signal }) => (await portalRequest<TEmployeeDocuments>(`/employee/documents/${enc(id)}`, { signal, token, kind: 'portal' })).data,
  });

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** POST /employee/update-1/{ownId}: only phone, address, date of birth, gender and next of kin. */
export const useUpdateOwnDetails = (id: string, token: string) =>
  useApiMutation((input: TEmployeeUpdate) => portalRequest<TEmployeeDetail>(`/employee/update-1/${enc(id)}`, { method: 'POST', body: input, token, kind: 'portal' }), {
    invalidate: [ownKey(id)],
  });

export const useUploadOwnDocument = (id: string, token: string) =>
  useApiMutation((file: File) => portalRequest<TDocument>(`/docs/uploadById/${enc(id)}`, { method: 'POST', form: fileForm(file), token, kind: 'portal' }), {
    invalidate: [ownKey(id)],
  });

export const useUploadOwnPhoto = (id: string, token: string) =>
  useApiMutation((file: File) => portalRequest<{ _id: string; imagePath: string }>(`/images/upload/${enc(id)}`, { method: 'POST', form: fileForm(file), token, kind: 'portal' }), {
    invalidate: [ownKey(id), ['employee-photo', 'portal']],
  });

export const downloadOwnDocument = async (doc: TDocument, token: string) => {
  const { blob } = await fetchBlob(`/docs/download/${enc(doc._id)}`, { token });
  saveBlob(blob, doc.name);
};
