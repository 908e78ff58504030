import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBusinessDataStatus, TBusinessExport } from '@bizdesk/contract';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { getSessionUser, setSessionUser } from '../../../shared/session.ts';
import { mockFetch, OWNER, ok, on } from '../../employees/testApi.ts';
import { BusinessDataCard } from './BusinessDataCard.tsx';

setupScreenTests('app');

const ID = '5d1c1b9e-1f0e-4c7e-9d9a-8a1b2c3d4e5f';
const exportOf = (over: Partial<TBusinessExport> = {}): TBusinessExport => ({
  _id: ID, status: 'running', phase: 'tables', progress: 40, message: null, createdAt: '2026-11-26T10:00:00.000Z', finishedAt: null,
  expiresAt: null, isExpired: false, bytes: null, tables: null, rows: null, files: null, downloadPath: null, ...over,
});
const ready = exportOf({
  status: 'succeeded', phase: 'done', progress: 100, finishedAt: '2026-11-26T10:01:00.000Z', expiresAt: '2026-12-03T10:01:00.000Z',
  bytes: 2_400_000, tables: 70, rows: 1234, files: 3, downloadPath: `/api/v1/business/export/${ID}/download`,
});

describe('BusinessDataCard', () => {
  beforeEach(() => setSessionUser(OWNER));

  it('prepares the archive with progress, then offers the download', async () => {
    let status: TBusinessDataStatus = { isEmpty: false, latest: null };
    const api = mockFetch(
      on('GET', '/business/data', () => ok(status)),
      on('POST', '/business/export', () => {
        status = { isEmpty: false, latest: exportOf() };
        return ok(status.latest, { message: 'Your archive is being prepared' }, 202);
      }),
    );
    renderWithApp(<BusinessDataCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download all data' }));
    expect(await screen.findByText('Preparing the archive… 40%')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(true);
    status = { isEmpty: false, latest: ready };
    expect(await screen.findByRole('button', { name: 'Download the archive' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(/70 tables, 1234 records, 3 files/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import from an archive' })).not.toBeInTheDocument();
  });

  it('imports an archive into an empty business after confirmation, then ends the session', async () => {
    const api = mockFetch(
      on('GET', '/business/data', () => ok({ isEmpty: true, latest: null })),
      on('POST', '/business/import', () => ok({ businessId: ID, businessName: 'Alpha Trading', tables: 70, rows: 1234, files: 3, users: ['owner@alpha.example'], twoFactorDropped: 0 })),
    );
    renderWithApp(<BusinessDataCard />);
    await screen.findByRole('button', { name: 'Import from an archive' });
    const file = new File([new Uint8Array([0x1f, 0x8b, 8])], 'alpha.tar.gz', { type: 'application/gzip' });
    await userEvent.upload(screen.getByTestId('import-file'), file);
    expect(await screen.findByText('Replace this business with the archive?')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/business/import'))).toBe(true));
    await waitFor(() => expect(getSessionUser()).toBeNull());
  });

  it('shows nothing to a user who is not the owner', () => {
    setSessionUser({ ...OWNER, roles: ['HR-access'] });
    mockFetch();
    const { container } = renderWithApp(<BusinessDataCard />);
    expect(container).toBeEmptyDOMElement();
  });
});
