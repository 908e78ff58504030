import { useSyncExternalStore } from 'react';

export type TFlashSeverity = 'success' | 'error' | 'info';
export type TFlash = { id: number; message: string; severity: TFlashSeverity };

let items: TFlash[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const dismissFlash = (id: number) => {
  items = items.filter((item) => item.id !== id);
  emit();
};

/** A short message at the bottom of the screen; used by every screen for results of actions. */
export const flash = (message: string, severity: TFlashSeverity = 'success', timeoutMs = 6000) => {
  const id = nextId++;
  items = [...items.slice(-2), { id, message, severity }];
  emit();
  if (timeoutMs > 0) setTimeout(() => dismissFlash(id), timeoutMs);
  return id;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useFlashes = () => useSyncExternalStore(subscribe, () => items, () => items);
