import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { TRole, TUser } from '@bizdesk/contract';
import { newQueryClient } from '../../test/render.tsx';
import { endSession, setSessionUser } from '../../shared/session.ts';
import { OWNER, mockFetch, ok, on } from '../../features/employees/testApi.ts';
import { useNavCounts } from './navCounts.ts';

const person = (roles: Array<TRole | 'owner'>): TUser => ({ ...OWNER, _id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', roles });
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={newQueryClient()}>{children}</QueryClientProvider>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
});

describe('navigation counts', () => {
  it('badges the approvals entry with what waits in the inbox', async () => {
    const user = person(['Approvals-access']);
    setSessionUser(user);
    const { calls } = mockFetch(on('GET', '/approvals/inbox', () => ok({ rows: [], counts: { payroll: 1, leave: 2, total: 3 }, page: 1, limit: 1, totalRecords: 3 })));
    const { result } = renderHook(() => useNavCounts(user), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ approvals: 3 }));
    expect(calls[0].url.searchParams.get('limit')).toBe('1');
  });

  it('asks nothing for a user without an inbox', async () => {
    const user = person(['Inventory-access']);
    setSessionUser(user);
    const { calls } = mockFetch();
    const { result } = renderHook(() => useNavCounts(user), { wrapper });
    expect(result.current).toEqual({});
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
  });
});
