import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_STORAGE_KEY } from '@bizdesk/contract';
import { Route, Routes, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { NotificationsBell } from './NotificationsBell.tsx';
import { notificationsKey } from '../api.ts';
import type { TNotice } from '../model.ts';
// The bell loads its panel on the first opening; loaded here first, so a slow transform does not time a test out.
import './NotificationsPopover.tsx';
import { jsonResponse, renderWithApp, setupI18n } from '../../../test/render.tsx';

const OWNER = 'owner@acme.ng';
const DAY = 24 * 60 * 60 * 1000;

type TServerNotification = { _id: string; actionType: string; message: string; category: string; createdAt: string; read: boolean; link?: { screen: string; id: string | null } | null };
const serverNotice = (id: string, ageMs: number, read = false): TServerNotification => ({
  _id: id,
  actionType: `Action ${id}`,
  message: `Message ${id}`,
  category: 'HR',
  createdAt: new Date(Date.now() - ageMs).toISOString(),
  read,
});

type TCall = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fake API: the list, delete-old, and a live stream that stays open (optionally sending one event). */
const fakeApi = ({ list, listStatus = 200, streamEvent }: { list: TServerNotification[]; listStatus?: number; streamEvent?: TServerNotification }) => {
  const calls: TCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ url, method, headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/v1/notification/fetch/')) {
      return listStatus === 200 ? jsonResponse({ success: true, data: list }) : jsonResponse({ success: false, message: 'boom', code: 'INTERNAL' }, listStatus);
    }
    if (url === '/api/v1/notification/delete-old') return jsonResponse({ success: true, message: 'Old notifications deleted', data: { deleted: 1 } });
    if (url === '/api/v1/notification/stream') {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(': ping\n\n'));
          if (streamEvent) setTimeout(() => controller.enqueue(new TextEncoder().encode(`event: notification\ndata: ${JSON.stringify(streamEvent)}\n\n`)), 30);
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return jsonResponse({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
};

/** Where the link led, and whether the opened notification is now read. */
const OrderProbe = () => {
  const location = useLocation();
  const list = useQueryClient().getQueryData<TNotice[]>(notificationsKey(OWNER)) ?? [];
  return <p data-testid="probe">{`${location.pathname}${location.search} read:${list.filter((n) => !n.isUnRead).map((n) => n.id).join(',')}`}</p>;
};

beforeAll(setupI18n);
beforeEach(() => localStorage.setItem(TOKEN_STORAGE_KEY, 'header.eyJpZCI6InUxIn0.sig'));
afterEach(() => vi.unstubAllGlobals());

describe('NotificationsBell', () => {
  it('caps the unread badge at 99', async () => {
    fakeApi({ list: Array.from({ length: 120 }, (_, i) => serverNotice(String(i), 60_000)) });
    renderWithApp(<NotificationsBell ownerEmail={OWNER} />);
    expect(await screen.findByText('99+')).toBeInTheDocument();
    // The button's name holds the badge's own text (axe label-content-name-mismatch).
    expect(screen.getByTestId('notifications-bell')).toHaveAccessibleName('Notifications, 99+ unread');
  });

  it('fetches the owner’s notifications with the bearer token', async () => {
    const calls = fakeApi({ list: [serverNotice('a', 60_000)] });
    renderWithApp(<NotificationsBell ownerEmail={OWNER} />);
    expect(await screen.findByText('1')).toBeInTheDocument();
    const fetchCall = calls.find((c) => c.url.startsWith('/api/v1/notification/fetch/'));
    expect(fetchCall?.url).toBe(`/api/v1/notification/fetch/${encodeURIComponent(OWNER)}`);
    expect(fetchCall?.headers.Authorization).toBe('Bearer header.eyJpZCI6InUxIn0.sig');
  });

  it('deletes notifications older than 7 days when opened, and drops them from the list', async () => {
    const calls = fakeApi({ list: [serverNotice('fresh', 60_000), serverNotice('recent', 2 * DAY), serverNotice('stale', 8 * DAY)] });
    renderWithApp(<NotificationsBell ownerEmail={OWNER} />);
    await screen.findByText('3');
    const before = Date.now();
    await userEvent.click(screen.getByTestId('notifications-bell'));
    const panel = await screen.findByTestId('notifications-panel');
    await waitFor(() => expect(within(panel).queryByText('Action stale')).not.toBeInTheDocument());
    expect(within(panel).getByText('Action fresh')).toBeInTheDocument();
    expect(within(panel).getByText('Action recent')).toBeInTheDocument();
    const deleteCall = calls.find((c) => c.url === '/api/v1/notification/delete-old');
    expect(deleteCall?.method).toBe('DELETE');
    expect(deleteCall?.headers.Authorization).toBe('Bearer header.eyJpZCI6InUxIn0.sig');
    const beforeDate = Date.parse((deleteCall?.body as { beforeDate: string }).beforeDate);
    expect(Math.abs(beforeDate - (before - 7 * DAY))).toBeLessThan(5000);
  });

  it('skips the delete call when there is no stored token', async () => {
    const calls = fakeApi({ list: [serverNotice('a', 60_000)] });
    renderWithApp(<NotificationsBell ownerEmail={OWNER} />);
    await screen.findByText('1');
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    await userEvent.click(screen.getByTestId('notifications-bell'));
    await screen.findByTestId('notifications-panel');
    expect(calls.some((c) => c.url === '/api/v1/notification/delete-old')).toBe(false);
  });

  it('marks all as read locally, without a server call', async () => {
    const calls = fakeApi({ list: [serverNotice('a', 60_000), serverNotice('b', 120_000), serverNotice('c', 180_000, true)] });
    renderWithApp(<NotificationsBell ownerEmail={OWNER} />);
    await screen.findByText('2');
    await userEvent.click(screen.getByTestId('notifications-bell'));
    const panel = await screen.findByTestId('notifications-panel');
    expect(within(panel).getByText('You have 2 unread messages')).toBeInTheDocument();
    const before = calls.length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(within(panel).getByText('You have 0 unread messages')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('notification-item').every((item) => item.getAttribute('data-unread') === 'false')).toBe(true);
    expect(calls.slice(before).filter((c) => !c.url.endsWith('/delete-old'))).toEqual([]);
  });

  it('opens a notification’s subject: a keyboard-reachable link that marks it read and closes the panel (issue 30)', async () => {
    fakeApi({ list: [{ ...serverNotice('po', 60_000), category: 'Procurement', link: { screen: 'orders', id: 'po-1' } }, serverNotice('plain', 120_000)] });
    renderWithApp(
      <Routes>
        <Route path="/" element={<NotificationsBell ownerEmail={OWNER} />} />
        <Route path="/manage-po" element={<OrderProbe />} />
      </Routes>,
    );
    await screen.findByText('2');
    await userEvent.click(screen.getByTestId('notifications-bell'));
    const panel = await screen.findByTestId('notifications-panel');
    const link = within(panel).getByRole('link', { name: /Action po/ });
    expect(link).toHaveAttribute('href', '/manage-po?id=po-1');
    // The item without a link stays text.
    expect(within(panel).getAllByTestId('notification-link')).toHaveLength(1);
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('probe')).toHaveTextContent('/manage-po?id=po-1 read:po');
  });

  it('shows the failure message when the list cannot be fetched', async () => {
    fakeApi({ list: [], listStatus: 500 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithApp(<NotificationsBell ownerEmail={OWNER} />);
    await userEvent.click(screen.getByTestId('notifications-bell'));
    expect(await screen.findByText('Failed to fetch notifications. Please try again later.')).toBeInTheDocument();
  });

  it('adds a notification arriving on the live stream at the top', async () => {
    fakeApi({ list: [serverNotice('a', 60_000, true)], streamEvent: serverNotice('live', 0) });
    renderWithApp(<NotificationsBell ownerEmail={OWNER} />);
    expect(await screen.findByText('1')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('notifications-bell'));
    const panel = await screen.findByTestId('notifications-panel');
    const items = within(panel).getAllByTestId('notification-item');
    expect(within(items[0]!).getByText('Action live')).toBeInTheDocument();
  });

  it('keeps one live stream per tab however many bells follow it (issue 29)', async () => {
    const calls = fakeApi({ list: [serverNotice('1', 60_000)] });
    const { unmount } = renderWithApp(<><NotificationsBell ownerEmail={OWNER} /><NotificationsBell ownerEmail={OWNER} /></>);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/notification/stream')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.url === '/api/v1/notification/stream')).toHaveLength(1);
    unmount();
  });
});
