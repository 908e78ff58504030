import { useQuery } from '@tanstack/react-query';
import type { TUser } from '@bizdesk/contract';
import { hasRole } from '../../shared/access.ts';
import { inboxQuery } from '../../features/orders/api.ts';

const NONE: Readonly<Record<string, number>> = Object.freeze({});
/** The badge asks for counts only (one row); polled, and refreshed whenever a decision invalidates the inbox. */
const POLL_MS = 60_000;

/** Whether the user may have anything in the approvals inbox (an approver, or HR for leave). */
export const hasInbox = (roles: unknown) => hasRole(roles, 'Approvals-access') || hasRole(roles, 'HR-access');

/** Badges in the navigation, keyed by entry key or screen key (e.g. { approvals: 3 }). Filled by the approvals inbox. */
export const useNavCounts = (user: TUser): Readonly<Record<string, number>> => {
  const enabled = hasInbox(user.roles);
  const { data } = useQuery({ ...inboxQuery(1, 1), enabled, staleTime: 30_000, refetchInterval: POLL_MS, refetchOnWindowFocus: true });
  const total = data?.counts.total ?? 0;
  return enabled && total > 0 ? { approvals: total } : NONE;
};
