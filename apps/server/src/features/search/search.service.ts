import { SEARCH_LIMIT, type TRole, type TSearchArea, type TSearchGroup, type TSearchHit } from '@bizdesk/contract';
import { assertBusinessEmail, hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import type { TFound } from '../../platform/search.ts';
import type { TEmployeesService } from '../employees/employees.service.ts';
import type { TVendorsService } from '../vendors/vendors.service.ts';
import type { TOrdersService } from '../orders/orders.service.ts';
import type { TInventoryService } from '../inventory/inventory.service.ts';
import type { TFleetService } from '../fleet/fleet.service.ts';
import type { TCostsService } from '../costs/costs.service.ts';

type TSearchAreas = {
  employees: Pick<TEmployeesService, 'search'>;
  vendors: Pick<TVendorsService, 'search'>;
  orders: Pick<TOrdersService, 'search' | 'searchInvoices'>;
  inventory: Pick<TInventoryService, 'search'>;
  fleet: Pick<TFleetService, 'search'>;
  costs: Pick<TCostsService, 'search'>;
};

/** One area of the search: the role that opens its screens (the same as its routes and web screens) and its hits. */
type TSource = { area: TSearchArea; role: TRole; find: (auth: TUserAuth, text: string) => Promise<TFound<TSearchHit>> };

const line = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ') || null;
const hitsOf = <T>(f: TFound<T>, toHit: (row: T) => TSearchHit): TFound<TSearchHit> => ({ rows: f.rows.map(toHit), more: f.more });

/**
 * One search across the areas the caller may open (issues 10 and 30). Each area answers through its own service
 * (features never read another's tables), each query scoped by the caller's business and served by a pg_trgm index,
 * all areas at once. Areas whose role the caller lacks are not asked.
 */
export const createSearchService = (areas: TSearchAreas) => {
  const sources: TSource[] = [
    {
      area: 'employees',
      role: 'HR-access',
      find: async (auth, text) => hitsOf(await areas.employees.search(auth, text, SEARCH_LIMIT), (e) => ({
        id: e._id, title: e.name, subtitle: line(e.designation, e.department, e.email), path: `/employee-detail?id=${encodeURIComponent(e._id)}`,
      })),
    },
    {
      area: 'orders',
      role: 'Procurement-access',
      find: async (auth, text) => hitsOf(await areas.orders.search(auth, text, SEARCH_LIMIT), (o) => ({
        id: o.id, title: o.number, subtitle: o.vendorName, path: `/manage-po?id=${encodeURIComponent(o.id)}`,
      })),
    },
    {
      area: 'vendors',
      role: 'Procurement-access',
      find: async (auth, text) => hitsOf(await areas.vendors.search(auth, text, SEARCH_LIMIT), (v) => ({
        id: v.id, title: v.name, subtitle: line(v.contactName, v.email), path: `/products?id=${encodeURIComponent(v.id)}`,
      })),
    },
    {
      area: 'items',
      role: 'Inventory-access',
      find: async (auth, text) => hitsOf(await areas.inventory.search(auth, text, SEARCH_LIMIT), (i) => ({
        id: i.id, title: i.name, subtitle: line(i.sku, i.tagName), path: `/inventory?item=${encodeURIComponent(i.id)}`,
      })),
    },
    {
      area: 'trucks',
      role: 'Procurement-access',
      find: async (auth, text) => hitsOf(await areas.fleet.search(auth, text, SEARCH_LIMIT), (tr) => ({
        id: tr.id, title: tr.plateNumber, subtitle: line(tr.model, tr.assignedTagName), path: '/fleet-requisition',
      })),
    },
    {
      area: 'projects',
      role: 'Projects-access',
      find: async (auth, text) => hitsOf(await areas.costs.search(auth, text, SEARCH_LIMIT), (p) => ({
        id: p.id, title: p.tagName, subtitle: line(p.description, p.dept === 'default' ? null : p.dept),
        path: `/projects/${encodeURIComponent(p.dept)}?project=${encodeURIComponent(p.tagName)}`,
      })),
    },
    {
      area: 'invoices',
      role: 'Accounts-access',
      find: async (auth, text) => hitsOf(await areas.orders.searchInvoices(auth, text, SEARCH_LIMIT), (i) => ({
        id: i.id, title: i.invoiceNumber, subtitle: line(i.vendorName, i.orderNumber), path: '/invoices',
      })),
    },
  ];

  return {
    search: async (auth: TUserAuth, email: string, text: string): Promise<TSearchGroup[]> => {
      assertBusinessEmail(auth, email);
      const open = sources.filter((s) => hasRole(auth, s.role));
      const results = await Promise.all(open.map((s) => s.find(auth, text)));
      return open
        .map((s, i): TSearchGroup => ({ area: s.area, hits: results[i].rows, more: results[i].more }))
        .filter((g) => g.hits.length > 0);
    },
  };
};
export type TSearchService = ReturnType<typeof createSearchService>;
