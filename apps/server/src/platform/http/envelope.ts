import type { TPageQuery } from '@bizdesk/contract';

export const ok = <T>(data: T, message?: string) => ({ success: true as const, ...(message ? { message } : {}), data });

/** Paginated list envelope of the spec: page, limit, total (pages), totalRecords, data. */
export const paged = <T>(rows: T[], totalRecords: number, { page, limit }: TPageQuery) => ({
  success: true as const,
  data: rows,
  page,
  limit,
  total: Math.max(1, Math.ceil(totalRecords / limit)),
  totalRecords,
});

export const pageOffset = ({ page, limit }: TPageQuery) => (page - 1) * limit;
