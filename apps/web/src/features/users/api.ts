import { useQuery } from '@tanstack/react-query';
import type { TCollectionPoint, TCollectionPointInput, TDepartment, TDepartmentInput, TDepartmentUpdate, TInvitation, TInviteUser, TUserData, TUser } from '@bizdesk/contract';
import { apiData, apiRequest } from '../../shared/api/client.ts';
import { useApiMutation } from '../../shared/api/mutations.ts';

const enc = encodeURIComponent;

export const userDataKey = (userId: string) => ['user-data', userId] as const;
export const collectionPointsKey = (email: string) => ['collection-points', email] as const;

/** GET /auth/user-data/{id}: the user, the business's users, departments and collection points. */
export const useUserData = (userId: string, enabled = true) =>
  useQuery({ queryKey: userDataKey(userId), queryFn: ({ signal }) => apiData<TUserData>(`/auth/user-data/${enc(userId)}`, { signal }), enabled });

/** GET /auth/cpd/{email}: the business's data collection points. */
export const useCollectionPoints = (email: string) =>
  useQuery({ queryKey: collectionPointsKey(email), queryFn: ({ signal }) => apiData<TCollectionPoint[]>(`/auth/cpd/${enc(email)}`, { signal }) });

const settingsKeys = (userId: string, email: string) => [userDataKey(userId), collectionPointsKey(email)] as const;

export const invitationsKey = ['invitations'] as const;

/** GET /auth/invitations: invitations not yet accepted or revoked (issue 10). */
export const useInvitations = (enabled = true) =>
  useQuery({ queryKey: invitationsKey, queryFn: ({ signal }) => apiData<TInvitation[]>('/auth/invitations', { signal }), enabled });

/** POST /auth/invitations: the invitee gets an e-mail with a link to choose their own password. */
export const useInviteUser = () =>
  useApiMutation((input: TInviteUser) => apiRequest<TInvitation>('/auth/invitations', { method: 'POST', body: input }), { invalidate: [invitationsKey] });

export const useResendInvitation = () =>
  useApiMutation((id: string) => apiRequest<TInvitation>(`/auth/invitations/${enc(id)}/resend`, { method: 'POST' }), { invalidate: [invitationsKey] });

export const useRevokeInvitation = () =>
  useApiMutation((id: string) => apiRequest<unknown>(`/auth/invitations/${enc(id)}`, { method: 'DELETE' }), { invalidate: [invitationsKey] });

export const useUpdateRoles = (userId: string, email: string) =>
  useApiMutation(({ id, roles }: { id: string; roles: string[] }) => apiRequest<TUser>(`/auth/update-user-roles/${enc(id)}`, { method: 'PUT', body: { roles } }), {
    invalidate: settingsKeys(userId, email),
  });

export const useDeleteUser = (userId: string, email: string) =>
  useApiMutation((id: string) => apiRequest<unknown>(`/auth/delete-user/${enc(id)}`, { method: 'DELETE' }), { invalidate: settingsKeys(userId, email) });

/** POST /auth/department/{email}: multipart, one `department` JSON field per department. */
export const useCreateDepartments = (userId: string, email: string) =>
  useApiMutation(
    (departments: TDepartmentInput[]) => {
      const form = new FormData();
      for (const department of departments) form.append('department', JSON.stringify(department));
      return apiRequest<unknown>(`/auth/department/${enc(email)}`, { method: 'POST', form });
    },
    { invalidate: settingsKeys(userId, email) },
  );

export const useCreateCollectionPoint = (userId: string, email: string) =>
  useApiMutation((input: TCollectionPointInput) => apiRequest<TCollectionPoint>('/auth/dcollector', { method: 'POST', body: input }), {
    invalidate: settingsKeys(userId, email),
  });

/** PUT /auth/regenerate-code/{id}/{employeeNumber}: id is the caller's user id. */
export const useRegenerateCode = (userId: string, email: string) =>
  useApiMutation((employeeNumber: string) => apiRequest<unknown>(`/auth/regenerate-code/${enc(userId)}/${enc(employeeNumber)}`, { method: 'PUT' }), {
    invalidate: settingsKeys(userId, email),
  });

/** PUT /auth/update-number: moves an access point (subDocId) to another employee number. */
export const useUpdateEmployeeNumber = (userId: string, email: string) =>
  useApiMutation(
    (input: { oldEmployeeNumber: string; newEmployeeNumber: string; subDocId: string }) =>
      apiRequest<unknown>('/auth/update-number', { method: 'PUT', body: { id: userId, ...input } }),
    { invalidate: settingsKeys(userId, email) },
  );

export const useSaveGoogleLink = (userId: string, email: string) =>
  useApiMutation(
    ({ employeeNumber, googleLink }: { employeeNumber: string; googleLink: string }) =>
      apiRequest<unknown>(`/auth/save-google-link/${enc(userId)}/${enc(employeeNumber)}`, { method: 'PUT', body: { googleLink } }),
    { invalidate: settingsKeys(userId, email) },
  );

/** POST /auth/forgotpassword for the signed-in user's own address (Profile: "send me a reset link"). */
export const useSendResetLink = () => useApiMutation((email: string) => apiRequest<unknown>('/auth/forgotpassword', { method: 'POST', body: { email }, auth: false }), { invalidate: [] });

/** PUT /department/{id} and DELETE /department/{id} (issue 10). */
export const useUpdateDepartment = (userId: string, email: string) =>
  useApiMutation(({ id, ...input }: TDepartmentUpdate & { id: string }) => apiRequest<TDepartment>(`/department/${enc(id)}`, { method: 'PUT', body: input }), {
    invalidate: [...settingsKeys(userId, email), ['department-view']],
  });

export const useDeleteDepartment = (userId: string, email: string) =>
  useApiMutation((id: string) => apiRequest<unknown>(`/department/${enc(id)}`, { method: 'DELETE' }), { invalidate: settingsKeys(userId, email) });
