import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { TSearchGroup } from '@bizdesk/contract';
import { SearchPanel } from './SearchPanel.tsx';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { changeLanguage, loadAppTexts } from '../../shared/i18n/index.ts';
import { endSession, setSessionUser } from '../../shared/session.ts';
import { OWNER, mockFetch, ok, on } from '../../features/employees/testApi.ts';

const ORDER_ID = '66666666-6666-4666-8666-666666666666';
const GROUPS: TSearchGroup[] = [
  { area: 'orders', more: false, hits: [{ id: ORDER_ID, title: 'PO-000042', subtitle: 'Dangote Cement', path: `/manage-po?id=${ORDER_ID}` }] },
  { area: 'trucks', more: false, hits: [{ id: 't1', title: 'LAG-042-XY', subtitle: 'MAN Diesel TGS', path: '/fleet-requisition' }] },
];

const Where = () => <div data-testid="where">{useLocation().pathname + useLocation().search}</div>;

const renderPanel = (roles: string[] = ['owner']) => {
  setSessionUser({ ...OWNER, roles } as typeof OWNER);
  const onClose = vi.fn();
  renderWithApp(
    <Routes>
      <Route path="*" element={<><SearchPanel open onClose={onClose} /><Where /></>} />
    </Routes>,
  );
  return { onClose, input: screen.getByTestId('search-input') };
};

const type = async (input: HTMLElement, text: string) => {
  fireEvent.change(input, { target: { value: text } });
  // the debounce before asking the server
  await act(async () => new Promise((r) => setTimeout(r, 300)));
};

beforeAll(setupI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  endSession();
  await changeLanguage('en');
});

describe('the search panel (Ctrl-K and the top-bar box)', () => {
  it('finds screens by name and opens the first with Enter, parameterised ones with their default', async () => {
    mockFetch(on('GET', `/search/${OWNER.ownerEmail}`, () => ok([])));
    const { input } = renderPanel();
    await type(input, 'leave');
    const screens = screen.getByRole('group', { name: 'Screens' });
    expect(within(screens).getAllByRole('option').map((o) => o.textContent)).toEqual(['LeaveHuman resources', 'Leave scheduleHuman resources']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/leave/all');
  });

  it('shows record groups from the server after the screens; arrows move and Enter opens the order', async () => {
    mockFetch(on('GET', `/search/${OWNER.ownerEmail}`, (call) => ok(call.url.searchParams.get('q') === 'PO-000042' ? GROUPS : [])));
    const { input } = renderPanel();
    await type(input, 'PO-000042');
    await screen.findByRole('group', { name: 'Purchase orders' });
    expect(screen.getByRole('group', { name: 'Trucks' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 results');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0].id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent(`/manage-po?id=${ORDER_ID}`);
  });

  it('says when nothing is found, and shows only the screens the user may open', async () => {
    mockFetch(on('GET', `/search/${OWNER.ownerEmail}`, () => ok([])));
    const { input } = renderPanel(['Procurement-access']);
    await type(input, 'leave');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nothing found for “leave”'));
    await type(input, 'orders');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Purchase ordersProcurement');
  });

  it('finds screens by their German and French names, accents or not', async () => {
    mockFetch(on('GET', `/search/${OWNER.ownerEmail}`, () => ok([])));
    await changeLanguage('de');
    await loadAppTexts();
    const { input } = renderPanel();
    await type(input, 'urlaub');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Urlaub');
    cleanup();
    await changeLanguage('fr');
    await loadAppTexts();
    const fr = renderPanel();
    await type(fr.input, 'conges');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Congés');
    expect(screen.getByRole('group', { name: 'Écrans' })).toBeInTheDocument();
  });
});
