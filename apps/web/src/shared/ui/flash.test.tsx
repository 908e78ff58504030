import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { ACTION_WINDOW_MS, flash } from './flash.ts';
import { FlashHost } from './FlashHost.tsx';
import { useApiMutation } from '../api/mutations.ts';
import { renderWithApp, setupI18n } from '../../test/render.tsx';

beforeAll(setupI18n);

const toasts = () => screen.queryAllByRole('status').map((node) => node.querySelector('.bd-flash__text')?.textContent);
const clearAll = () => {
  for (const node of document.querySelectorAll('.bd-flash__close')) (node as HTMLButtonElement).click();
};

/** A screen that saves once, the way many do: the hook reports the server's message, the screen its own. */
const SaveOnce = ({ own }: { own?: string }) => {
  const save = useApiMutation(async () => ({ success: true as const, message: 'Record updated successfully!', data: null }), { invalidate: [] });
  useEffect(() => {
    save.mutate(undefined, { onSuccess: () => (own ? flash(own, 'success') : undefined) });
  }, []);
  return null;
};

describe('one toast per action (issue 30)', () => {
  afterEach(() => {
    vi.useRealTimers();
    act(clearAll);
  });

  it('shows the screen\'s own word instead of the mutation\'s default one', async () => {
    renderWithApp(<><FlashHost /><SaveOnce own="12 employees marked present" /></>);
    await waitFor(() => expect(toasts()).toEqual(['12 employees marked present']));
  });

  it('shows the server\'s message once when the screen says nothing', async () => {
    renderWithApp(<><FlashHost /><SaveOnce /></>);
    await waitFor(() => expect(toasts()).toEqual(['Record updated successfully!']));
  });

  it('does not stack the same text twice, and keeps two actions apart in time', () => {
    vi.useFakeTimers();
    renderWithApp(<FlashHost />);
    act(() => {
      flash('Saved', 'success');
      flash('Saved', 'success');
    });
    expect(toasts()).toEqual(['Saved']);
    act(() => {
      vi.advanceTimersByTime(ACTION_WINDOW_MS + 1);
      flash('Employee created successfully', 'success', { isFallback: true });
      vi.advanceTimersByTime(ACTION_WINDOW_MS + 1);
      flash('Document uploaded successfully', 'success');
    });
    expect(toasts()).toEqual(['Saved', 'Employee created successfully', 'Document uploaded successfully']);
  });
});
