import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { API_PREFIX } from '@bizdesk/contract';
import { apiUrl } from '../../shared/api/client.ts';
import { BadRequestError, BadResponseError, NetworkError } from '../../shared/api/errors.ts';
import { getStoredToken } from '../../shared/api/token.ts';
import { saveBlob } from '../../shared/ui/saveBlob.ts';

type TBlobOptions = { query?: Record<string, string | number | undefined>; signal?: AbortSignal; token?: string | null };

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export const fileNameFromDisposition = (header: string | null, fallback: string) => {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
};

/** Addresses the API hands out (`/api/v1/docs/download/…`) and spec paths (`/docs/download/…`) both work. */
const apiPath = (path: string) => (path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path);

/**
 * GETs an authenticated file (photo, document, export) with the bearer token. Files are never opened by
 * address in the browser: the token is not in a cookie, and must not go into a URL.
 */
export const fetchBlob = async (path: string, { query, signal, token = getStoredToken() }: TBlobOptions = {}) => {
  let res: Response;
  try {
    res = await fetch(apiUrl(apiPath(path), query), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  } catch {
    throw new NetworkError();
  }
  if (!res.ok) {
    let data: { message?: string } | undefined;
    try {
      data = (await res.json()) as { message?: string };
    } catch {
      data = undefined;
    }
    const response = { status: res.status, data };
    throw res.status < 500 ? new BadRequestError(response) : new BadResponseError(response);
  }
  return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get('content-disposition'), 'download') };
};

export { saveBlob };

export const downloadFile = async (path: string, options: TBlobOptions & { fileName?: string } = {}) => {
  const { blob, fileName } = await fetchBlob(path, options);
  saveBlob(blob, options.fileName ?? fileName);
};

/**
 * An authenticated image (an employee's photo) as an object URL for <img>. `version` (e.g. updatedAt)
 * fetches it again after a new upload at the same address.
 */
export const useAuthedImage = (path: string | null | undefined, { token, version, scope = 'staff' }: { token?: string | null; version?: string; scope?: string } = {}) => {
  const query = useQuery({
    enabled: !!path,
    queryKey: ['employee-photo', scope, path, version],
    queryFn: ({ signal }) => fetchBlob(path!, { signal, token: token === undefined ? getStoredToken() : token }).then((r) => r.blob),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return url;
};

export const formatBytes = (size: number | null | undefined, language: string) => {
  if (size === null || size === undefined) return '';
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
};
