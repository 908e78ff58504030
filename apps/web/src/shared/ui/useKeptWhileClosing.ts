import { useState } from 'react';

/**
 * The value a dialog was opened for, kept after the page sets it back to null: the dialog closes with an animation, and
 * through it should still show what it showed (an edit dialog titled "Edit certificate IPC 1" must not turn into the
 * empty "Add certificate" form while it fades out). React's pattern for information from earlier renders.
 */
export const useKeptWhileClosing = <T,>(value: T | null): T | null => {
  const [kept, setKept] = useState<T | null>(value);
  if (value !== null && value !== kept) setKept(value);
  return value ?? kept;
};
