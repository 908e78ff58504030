import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@bizdesk/contract';
import { endSession } from '../../shared/session.ts';
import { apiUrl, authHeaders } from '../../shared/api/client.ts';

/** Logout: forget the token and user, then land on /home (spec 01 §2). */
export const useSignOut = () => {
  const navigate = useNavigate();
  return useCallback(() => {
    // Revoke the token on the server too (best effort; the local sign-out does not wait for it).
    const headers = authHeaders();
    if (headers.Authorization) void fetch(apiUrl('/auth/logout'), { method: 'POST', headers, keepalive: true }).catch(() => undefined);
    endSession();
    void navigate(HOME_PATH, { replace: true });
  }, [navigate]);
};
