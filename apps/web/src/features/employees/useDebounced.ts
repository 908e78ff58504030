import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (typing into a search box). */
export const useDebounced = <T,>(value: T, delayMs = 300) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};
