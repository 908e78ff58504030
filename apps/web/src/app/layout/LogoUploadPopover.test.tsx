import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogoUploadPopover } from './LogoUploadPopover.tsx';
import { NavLogo } from './NavLogo.tsx';
import { jsonResponse, renderWithApp, setupI18n } from '../../test/render.tsx';
import type { TUser } from '@bizdesk/contract';

beforeAll(setupI18n);
afterEach(() => vi.unstubAllGlobals());

const user = (roles: string[]): TUser =>
  ({ _id: 'u1', email: 'a@b.ng', userName: 'Ada', roles, businessId: 'b1', businessName: 'Acme Ltd', ownerEmail: 'a@b.ng', imagePath: null, country: 'NG', currency: 'NGN', timeZone: 'Africa/Lagos', emailConfirmed: true, createdAt: '' }) as TUser;

describe('logo popover (spec 01 §2, §4–§6)', () => {
  it("is titled 'Upload New Profile Picture'; Send File waits for an image; it posts file and userId", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, data: { imagePath: '/x.png' } }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const onClose = vi.fn();
    renderWithApp(<LogoUploadPopover anchorEl={document.body} userId="u1" onClose={onClose} />);
    expect(screen.getByText('Upload New Profile Picture')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send File' });
    expect(send).toBeDisabled();
    const input = screen.getByTestId('logo-file-input');
    expect(input).toHaveAttribute('accept', 'image/*');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(send).toBeDisabled();
    expect(screen.getByText('Only image files can be uploaded here')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    expect(send).toBeEnabled();
    await userEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/images/upload-logo/u1');
    const form = init.body as FormData;
    expect((form.get('file') as File).name).toBe('logo.png');
    expect(form.get('userId')).toBe('u1');
  });

  it('opens only for the owner or Settings-access; others see the name as a link to the dashboard', async () => {
    const { unmount } = renderWithApp(<NavLogo user={user(['HR-access'])} />);
    expect(screen.queryByTestId('nav-logo')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Acme Ltd/ })).toHaveAttribute('href', '/');
    unmount();
    renderWithApp(<NavLogo user={user(['Settings-access'])} />);
    await userEvent.click(screen.getByTestId('nav-logo'));
    expect(await screen.findByText('Upload New Profile Picture')).toBeInTheDocument();
  });
});
