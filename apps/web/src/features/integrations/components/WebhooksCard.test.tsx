import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { mockFetch, ok, on } from '../../employees/testApi.ts';
import { WebhooksCard } from './WebhooksCard.tsx';

setupScreenTests('app', 'integrations');

const HOOK = {
  _id: '66666666-6666-4666-8666-666666666666', url: 'https://erp.example.com/hooks/bizdesk', events: ['employee.created', 'leave.decided'],
  description: 'ERP', active: true, createdAt: '2026-11-26T10:00:00.000Z', updatedAt: '2026-11-26T10:00:00.000Z',
};

describe('WebhooksCard', () => {
  it('shows each attempt of a delivery with its answer, and creates a webhook with the chosen events', async () => {
    const api = mockFetch(
      on('GET', '/webhooks', () => ok([HOOK])),
      on('GET', `/webhooks/${HOOK._id}/deliveries`, () => ok([{
        _id: '77777777-7777-4777-8777-777777777777', event: 'employee.created', status: 'delivered', createdAt: '2026-11-26T10:01:00.000Z', finishedAt: '2026-11-26T10:01:05.000Z',
        attempts: [
          { attempt: 1, statusCode: 500, durationMs: 42, error: 'The receiver answered 500', at: '2026-11-26T10:01:00.000Z' },
          { attempt: 2, statusCode: 200, durationMs: 37, error: null, at: '2026-11-26T10:01:05.000Z' },
        ],
      }])),
      on('POST', '/webhooks', () => ok({ ...HOOK, _id: '88888888-8888-4888-8888-888888888888', secret: 'whsec_secret' }, { message: 'Webhook created' }, 201)),
    );
    renderWithApp(<WebhooksCard />);
    const row = await screen.findByTestId('webhook-row');
    expect(row).toHaveTextContent('Employee added');
    await userEvent.click(within(row).getByRole('button', { name: 'Delivery log' }));
    const attempts = await screen.findAllByTestId('delivery-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('500');
    expect(attempts[0]).toHaveTextContent('The receiver answered 500');
    expect(attempts[0]).toHaveTextContent('Delivered');
    expect(attempts[1]).toHaveTextContent('200');

    await userEvent.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://erp.example.com/hooks/pay');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Payroll approved' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'New webhook' }));
    expect(await screen.findByTestId('one-time-secret')).toHaveTextContent('whsec_secret');
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ url: 'https://erp.example.com/hooks/pay', events: ['payroll.approved'], description: null });
  });
});
