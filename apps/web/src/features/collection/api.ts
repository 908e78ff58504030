import { useQuery } from '@tanstack/react-query';
import type { TCollectionPoint, TCollectorMovementInput, TCollectorMovementResult, TCollectorStaff, TInventoryItem } from '@bizdesk/contract';
import { portalRequest } from '../portal/portalSession.ts';
import { PORTAL_KEY } from '../portal/api.ts';
import { INVENTORY_KEY } from '../inventory/api.ts';

const enc = encodeURIComponent;

/** The stock rows at the point's place (the same cache entry the point's request panel reads). */
export const siteStockKey = (pointId: string) => [...INVENTORY_KEY, 'collector', pointId] as const;

export const useSiteStock = (token: string, point: TCollectionPoint) =>
  useQuery({
    queryKey: siteStockKey(point._id),
    queryFn: async ({ signal }) =>
      (await portalRequest<TInventoryItem[]>(`/inventory/inventory-point/${enc(point.userEmail)}/${enc(point.tagName)}`, { signal, token, kind: 'collector' })).data,
  });

/** Who may be named on a movement here: names and numbers only. */
export const useSiteStaff = (token: string, pointId: string) =>
  useQuery({
    queryKey: [...PORTAL_KEY, 'collector', pointId, 'staff'],
    queryFn: async ({ signal }) => (await portalRequest<TCollectorStaff[]>('/inventory/collector/employees', { signal, token, kind: 'collector' })).data,
    staleTime: 10 * 60_000,
  });

export const sendSiteMovement = (token: string, body: TCollectorMovementInput) =>
  portalRequest<TCollectorMovementResult>('/inventory/collector/movements', { method: 'POST', body, token, kind: 'collector' });
