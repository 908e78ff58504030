import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IssuedCodesDialog } from './IssuedCodesDialog.tsx';
import { renderWithApp } from '../../../test/render.tsx';
import { changeLanguage } from '../../../shared/i18n/index.ts';
import { setupPeopleTexts } from '../testApi.ts';

beforeAll(setupPeopleTexts);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const codes = { portalCode: 'NGZ2345678', employeeUniqueCode: 'HJKMNPQR45' };

describe('IssuedCodesDialog: codes are shown once', () => {
  it('shows both codes with copy buttons and says they will not be shown again', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onClose = vi.fn();
    renderWithApp(<IssuedCodesDialog codes={codes} name="Ngozi Eze" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Codes for Ngozi Eze' });
    expect(dialog).toHaveTextContent('NGZ2345678');
    expect(dialog).toHaveTextContent('HJKMNPQR45');
    expect(dialog).toHaveTextContent('they are shown only this once and cannot be shown again');
    await userEvent.click(screen.getByRole('button', { name: 'Copy: Portal code' }));
    expect(writeText).toHaveBeenCalledWith('NGZ2345678');
    await userEvent.click(screen.getByRole('button', { name: 'I have noted the codes' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows nothing without codes, and speaks German', async () => {
    const { unmount } = renderWithApp(<IssuedCodesDialog codes={null} name="Ngozi Eze" onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    await changeLanguage('de');
    renderWithApp(<IssuedCodesDialog codes={codes} name="Ngozi Eze" onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Codes für Ngozi Eze' })).toHaveTextContent('nur dieses eine Mal');
  });
});
