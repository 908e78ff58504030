import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useKeptWhileClosing } from './useKeptWhileClosing.ts';

describe('useKeptWhileClosing', () => {
  it('keeps the value a dialog was opened for after it is set back to null, and takes the next one', () => {
    const { result, rerender } = renderHook(({ value }: { value: string | null }) => useKeptWhileClosing(value), { initialProps: { value: null as string | null } });
    expect(result.current).toBeNull();
    rerender({ value: 'IPC 1' });
    expect(result.current).toBe('IPC 1');
    rerender({ value: null });
    expect(result.current).toBe('IPC 1');
    rerender({ value: 'IPC 2' });
    expect(result.current).toBe('IPC 2');
  });
});
