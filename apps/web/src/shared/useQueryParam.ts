import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query parameter of the address as state (issue 30): a link (a notification, a dashboard card) opens a tab, a
 * filter or a record by its address, and a change made on the page stays in the address (reload, back). Setting null
 * removes it; the page's other parameters are kept, and the change replaces the history entry.
 */
export const useQueryParam = (name: string): [string | null, (value: string | null) => void] => {
  const [params, setParams] = useSearchParams();
  const set = useCallback((value: string | null) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
      return next;
    }, { replace: true });
  }, [name, setParams]);
  return [params.get(name), set];
};

/** The parameter when it is one of `values`, else the fallback. */
export const oneOf = <T extends string>(value: string | null, values: readonly T[], fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
