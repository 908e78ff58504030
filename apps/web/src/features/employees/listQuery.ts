import { EMPLOYEE_SORTS, type TEmployeeSort } from '@bizdesk/contract';

/**
 * The staff list's state: kept in the page's address (so a filtered list can be bookmarked, shared and
 * survives a reload) and turned into the query of the list call and of the export.
 */
export type TListState = {
  search: string;
  departmentId: string;
  designationId: string;
  sort: TEmployeeSort;
  order: 'asc' | 'desc';
  /** 0-based, as the data grid counts. */
  page: number;
  pageSize: number;
  /** Issue 32: current staff, those who left (an exit recorded), or everyone (absent). */
  status?: 'current' | 'left';
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const DEFAULT_LIST_STATE: TListState = { search: '', departmentId: '', designationId: '', sort: 'name', order: 'asc', page: 0, pageSize: 25 };

const isSort = (value: string | null): value is TEmployeeSort => EMPLOYEE_SORTS.includes(value as TEmployeeSort);

/** Reads the state from the address; anything unreadable falls back to the default. */
export const listStateFromParams = (params: URLSearchParams): TListState => {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('limit'));
  const order = params.get('order');
  const sort = params.get('sort');
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    departmentId: params.get('departmentId') ?? '',
    designationId: params.get('designationId') ?? '',
    sort: isSort(sort) ? sort : DEFAULT_LIST_STATE.sort,
    order: order === 'desc' ? 'desc' : 'asc',
    // The address counts pages from 1, like people do.
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LIST_STATE.pageSize,
    ...(params.get('status') === 'current' || params.get('status') === 'left' ? { status: params.get('status') as 'current' | 'left' } : {}),
  };
};

/** Writes the state to the address, leaving out what equals the default. */
export const listStateToParams = (state: TListState): URLSearchParams => {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.departmentId) params.set('departmentId', state.departmentId);
  if (state.designationId) params.set('designationId', state.designationId);
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set('limit', String(state.pageSize));
  return params;
};

/** The filters shared by the list call and the export (GET /employee/export/{email}). */
export const filterQuery = (state: TListState) => {
  const search = state.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(state.departmentId ? { departmentId: state.departmentId } : {}),
    ...(state.designationId ? { designationId: state.designationId } : {}),
    ...(state.status ? { status: state.status } : {}),
    sort: state.sort,
    order: state.order,
  };
};

/** The query of GET /employee/employees/{email}. */
export const listQuery = (state: TListState): Record<string, string | number> => ({ page: state.page + 1, limit: state.pageSize, ...filterQuery(state) });

export const exportQuery = (state: TListState, format: 'csv' | 'xlsx'): Record<string, string> => ({ format, ...filterQuery(state) });

export const hasFilters = (state: TListState) => !!(state.search.trim() || state.departmentId || state.designationId || state.status);
