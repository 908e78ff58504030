import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TProjectPayment } from '@bizdesk/contract';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { screenWidth } from '../../../test/screenWidth.ts';
import { setSessionUser } from '../../../shared/session.ts';
import { FlashHost } from '../../../shared/ui/FlashHost.tsx';
import { mockFetch, OWNER, ok, on } from '../../employees/testApi.ts';
import { ProjectPayments } from './ProjectPayments.tsx';

setupScreenTests('costs');
beforeAll(() => setSessionUser(OWNER));

const CERT = '22222222-2222-4222-8222-222222222221';
const mistake: TProjectPayment = { _id: '33333333-3333-4333-8333-333333333331', tagName: 'Lekki Pier', amountMinor: 100_000_000, date: '2026-02-03', createdAt: '2026-02-03T10:00:00.000Z', certificateId: CERT, certificateNumber: 'IPC 1' };
const plain: TProjectPayment = { _id: '33333333-3333-4333-8333-333333333332', tagName: 'Lekki Pier', amountMinor: 10_000_000, date: '2026-01-15', createdAt: '2026-01-15T10:00:00.000Z', certificateId: null, certificateNumber: null };

describe('ProjectPayments', () => {
  it('asks before removing a payment, naming its amount, date and certificate, then removes it and says so', async () => {
    let list = [mistake, plain];
    const api = mockFetch(
      on('GET', '/cost/fetch-project-payment', () => ok(list)),
      on('DELETE', `/cost/payments/${mistake._id}`, () => { list = [plain]; return ok({ _id: mistake._id, certificate: null }, { message: 'Payment removed' }); }),
    );
    renderWithApp(<><ProjectPayments tagName="Lekki Pier" /><FlashHost /></>);
    const button = await screen.findByRole('button', { name: 'Remove payment of ₦1,000,000.00 on 3 Feb 2026' });
    expect(screen.getByText(/Certificate IPC 1/)).toBeInTheDocument();

    // Cancel sends nothing.
    await userEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Remove this payment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Remove this payment?' });
    expect(dialog).toHaveTextContent('The payment of ₦1,000,000.00 received on 3 Feb 2026 will be removed');
    expect(dialog).toHaveTextContent('It paid certificate IPC 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove payment' }));
    expect(await screen.findByText('Payment removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove payment of ₦1,000,000.00/ })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([`/api/v1/cost/payments/${mistake._id}`]);
  });

  it('keeps the remove button of each payment on a phone', async () => {
    screenWidth(390);
    mockFetch(on('GET', '/cost/fetch-project-payment', () => ok([plain])));
    renderWithApp(<ProjectPayments tagName="Lekki Pier" />);
    const button = await screen.findByRole('button', { name: 'Remove payment of ₦100,000.00 on 15 Jan 2026' });
    expect(button).toBeVisible();
    expect(screen.queryByText(/Certificate/)).not.toBeInTheDocument();
  });
});
