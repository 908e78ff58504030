import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { TPlace, TPlaceReview } from '@bizdesk/contract';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { mockFetch, OWNER, fail, ok, on } from '../../employees/testApi.ts';
import { setSessionUser } from '../../../shared/session.ts';
import { PlacesPage } from './PlacesPage.tsx';

beforeAll(async () => {
  await setupI18n();
  setSessionUser(OWNER);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const P1 = '11111111-1111-4111-8111-111111111111';
const S1 = '22222222-2222-4222-8222-222222222222';
const W1 = '33333333-3333-4333-8333-333333333333';
const X1 = '44444444-4444-4444-8444-444444444444';
const place = (over: Partial<TPlace>): TPlace => ({
  _id: P1, kind: 'project', name: 'Lekki Phase 2', projectId: null, projectName: null, address: '', description: '', status: 'active', archived: false, ...over,
});
const lekki = place({});
const site = place({ _id: S1, kind: 'site', name: 'Block A', projectId: P1, projectName: 'Lekki Phase 2' });
const store = place({ _id: W1, kind: 'store', name: 'Central store', address: '12 Allen Avenue, Ikeja' });
const proposed: TPlaceReview = {
  ...place({ _id: X1, name: 'Ikoyi Tower', status: 'proposed' }),
  aliases: [{ alias: 'Ikoyi Tower', records: 7 }, { alias: 'IKOYI  tower', records: 2 }], records: 9,
};

describe('PlacesPage', () => {
  it('lists each project with its sites under it, and the stores', async () => {
    mockFetch(on('GET', '/places', () => ok([lekki, site, store])), on('GET', '/places/review', () => ok([])));
    renderWithApp(<PlacesPage />);
    const projects = await screen.findByRole('region', { name: 'Projects and their sites' });
    const rows = within(projects).getAllByTestId('place-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Lekki Phase 2'), expect.stringContaining('Block A')]);
    expect(within(rows[1]).getByText('Site')).toBeInTheDocument();
    const stores = screen.getByRole('region', { name: 'Stores' });
    expect(stores).toHaveTextContent('Central store');
    expect(stores).toHaveTextContent('12 Allen Avenue, Ikeja');
    expect(screen.queryByRole('region', { name: 'Confirm places made from typed names' })).not.toBeInTheDocument();
  });

  it('says how to start when the business has no place, and adds a site to a project', async () => {
    const api = mockFetch(on('GET', '/places', () => ok([])), on('GET', '/places/review', () => ok([])));
    renderWithApp(<PlacesPage />);
    expect(await screen.findByText('No places yet')).toBeInTheDocument();
    expect(screen.getByText(/Start with a project/)).toBeInTheDocument();
    cleanup();
    const calls = mockFetch(
      on('GET', '/places', () => ok([lekki])), on('GET', '/places/review', () => ok([])),
      on('POST', '/places', () => ok(site, { message: 'Place saved' }, 201)),
    );
    void api;
    renderWithApp(<PlacesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add site to Lekki Phase 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'New site' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Block A');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.calls.find((c) => c.method === 'POST')!.body))).toEqual({ kind: 'site', name: 'Block A', projectId: P1, address: '', description: '' });
  });

  it('shows the clash the server names when a rename takes another place\'s name', async () => {
    mockFetch(
      on('GET', '/places', () => ok([lekki, store])), on('GET', '/places/review', () => ok([])),
      on('PATCH', `/places/${W1}`, () => fail(409, 'name: "Lekki Phase 2" already names a project of this business; choose it, merge into it, or give this place another name', 'CONFLICT')),
    );
    renderWithApp(<PlacesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change Central store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Central store' });
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'lekki phase 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/already names a project/)).toBeInTheDocument();
  });

  it('asks before archiving, then archives', async () => {
    const api = mockFetch(on('GET', '/places', () => ok([lekki, store])), on('GET', '/places/review', () => ok([])), on('POST', `/places/${W1}/archive`, () => ok({ ...store, archived: true })));
    renderWithApp(<PlacesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Central store' }));
    const ask = await screen.findByRole('dialog', { name: 'Archive Central store?' });
    expect(ask).toHaveTextContent(/Its records stay/);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(ask).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith(`/places/${W1}/archive`))).toBe(true));
  });

  it('shows each place made from typed names with the spellings put together and their records, and confirms it', async () => {
    const api = mockFetch(
      on('GET', '/places', () => ok([lekki, proposed])), on('GET', '/places/review', () => ok([proposed])),
      on('POST', '/places/review/confirm', () => ok([{ ...proposed, status: 'active' }], { message: 'Places confirmed' })),
    );
    renderWithApp(<PlacesPage />);
    const panel = await screen.findByRole('region', { name: 'Confirm places made from typed names' });
    const item = within(panel).getByTestId('place-review');
    expect(item).toHaveTextContent('Ikoyi Tower');
    expect(item).toHaveTextContent('9 records');
    expect(item).toHaveTextContent('"Ikoyi Tower": 7 records');
    // The spacing variant is shown as typed, double space included.
    expect(within(item).getByText('"IKOYI  tower": 2 records', { normalizer: (x) => x })).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Confirm Ikoyi Tower' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(api.calls.find((c) => c.method === 'POST')!.body))).toEqual({ places: [{ id: X1 }] });
  });

  it('merges a proposed place into another only after the confirmation', async () => {
    const api = mockFetch(
      on('GET', '/places', () => ok([lekki, proposed])), on('GET', '/places/review', () => ok([proposed])),
      on('POST', `/places/${X1}/merge`, () => ok({ place: lekki, moved: { collection_points: 2 } }, { message: 'Places merged' })),
    );
    renderWithApp(<PlacesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Merge Ikoyi Tower into another place' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Ikoyi Tower into another place' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Merge into' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lekki Phase 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const ask = await screen.findByRole('dialog', { name: 'Merge these places?' });
    expect(ask).toHaveTextContent('Ikoyi Tower and its 9 records become part of Lekki Phase 2');
    expect(api.calls.some((c) => c.url.pathname.endsWith('/merge'))).toBe(false);
    await userEvent.click(within(ask).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/merge'))).toBe(true));
    expect(JSON.parse(String(api.calls.find((c) => c.url.pathname.endsWith('/merge'))!.body))).toEqual({ intoId: P1 });
  });

  it('has no axe violations with the review panel and the lists shown', async () => {
    mockFetch(on('GET', '/places', () => ok([lekki, site, store, proposed])), on('GET', '/places/review', () => ok([proposed])));
    const { container } = renderWithApp(<PlacesPage />);
    await screen.findByRole('region', { name: 'Confirm places made from typed names' });
    await screen.findByRole('region', { name: 'Stores' });
    // Colour contrast needs layout jsdom does not do; the e2e harness checks it in a browser.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
