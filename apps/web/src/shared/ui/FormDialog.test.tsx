import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { FormDialog } from './FormDialog.tsx';

const Team = ({ busy, error, onClose }: { busy: boolean; error: string | null; onClose: () => void }) => (
  <FormDialog open title="Team" submitLabel="Save" busy={busy} error={error} onSubmit={(e) => e.preventDefault()} onClose={onClose}>
    <input aria-label="Name" />
  </FormDialog>
);

beforeAll(setupI18n);
afterEach(cleanup);

describe('FormDialog', () => {
  it('gives a refusal the focus when the busy submit button had it, so Escape still closes the dialog', async () => {
    let closed = 0;
    const view = renderWithApp(<Team busy={false} error={null} onClose={() => closed++} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    view.rerender(<Team busy error={null} onClose={() => closed++} />);
    (document.activeElement as HTMLElement | null)?.blur();
    view.rerender(<Team busy={false} error="Last day: leave must end in the year it starts" onClose={() => closed++} />);
    expect(screen.getByRole('alert')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(closed).toBe(1);
  });

  it('leaves the focus where the person moved it', async () => {
    const view = renderWithApp(<Team busy={false} error={null} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    view.rerender(<Team busy={false} error="Name: is required" onClose={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });
});
