import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVENTORY_IMPORT_HEADER, INVENTORY_IMPORT_MSG, type TImportPreview, type TJob } from '@bizdesk/contract';
import { ItemImportDialog, itemTemplateCsv } from './ItemImportDialog.tsx';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { mockFetch, ok, on, type TCall } from '../../employees/testApi.ts';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('inventory');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const JOB_ID = '77777777-7777-4777-8777-777777777777';
const preview = (over: Partial<TImportPreview> = {}): TImportPreview => ({
  fileName: 'stock.csv', format: 'csv', totalRows: 3, validCount: 2, invalidCount: 1, errorCount: 1,
  errors: [{ row: 3, field: 'sku', message: 'row 3: sku CEM-42 already belongs to Dangote cement (project lekki-site); receive more stock on that item instead' }],
  columns: { recognised: ['Project', 'Name', 'SKU', 'Unit'], ignored: [] },
  ...over,
});
const job = (over: Partial<TJob>): TJob => ({
  _id: JOB_ID, kind: 'inventory-import', status: 'running', phase: 'importing', progress: 50, processed: 1, total: 2,
  message: null, result: null, createdAt: '2026-03-01T10:00:00.000Z', finishedAt: null, ...over,
});
const partsOf = (call: TCall) => [...(call.body as FormData).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name]);
const chooseFile = async () => userEvent.upload(await screen.findByTestId('import-file-input'), new File(['Project,Name,Unit\n'], 'stock.csv', { type: 'text/csv' }));

describe('ItemImportDialog', () => {
  it('offers a template whose header is the import\'s columns, with an example row', () => {
    const [header, example] = itemTemplateCsv().split('\r\n');
    expect(header).toBe(INVENTORY_IMPORT_HEADER.join(','));
    expect(example!.split(',')).toHaveLength(INVENTORY_IMPORT_HEADER.length);
  });

  it('previews the file in the user\'s language and refuses to import while any row has a problem', async () => {
    await i18n.changeLanguage('de');
    const api = mockFetch(on('POST', '/inventory/import/preview', () => ok(preview())));
    renderWithApp(<ItemImportDialog open onClose={vi.fn()} pollMs={5} />);
    await chooseFile();
    const errors = await screen.findByTestId('import-errors');
    expect(within(errors).getByText(/row 3: sku CEM-42 already belongs to Dangote cement/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Artikel importieren' })).toBeInTheDocument();
    expect(screen.getByText('1 Problem gefunden')).toBeInTheDocument();
    expect(screen.getByText(/^Solange Zeilen Fehler enthalten, kann nichts importiert werden/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importieren' })).toBeDisabled();
    // All or nothing: no "valid rows only" choice.
    expect(screen.queryByRole('button', { name: /gültige/ })).toBeNull();
    expect(partsOf(api.calls[0]!)).toEqual([['language', 'de'], ['file', 'stock.csv']]);
  });

  it('imports a clean file, follows the job, and shows a refused job\'s reason translated', async () => {
    let polls = 0;
    const api = mockFetch(
      on('POST', '/inventory/import/preview', () => ok(preview({ validCount: 2, invalidCount: 0, errorCount: 0, errors: [] }))),
      on('POST', '/inventory/import', () => ok({ jobId: JOB_ID, status: 'queued', total: 2 }, { message: 'Import started' }, 202)),
      on('GET', `/inventory/import/${JOB_ID}`, () => ok(polls++ === 0 ? job({}) : job({ status: 'failed', phase: 'done', progress: 100, message: INVENTORY_IMPORT_MSG.nothingImported, result: { created: 0, skipped: 0, validCount: 1, errorCount: 1, errors: [{ row: 2, field: 'name', message: 'row 2: name Cement already exists in project lekki-site; receive more stock on that item instead' }] } }))),
    );
    await i18n.changeLanguage('fr');
    renderWithApp(<ItemImportDialog open onClose={vi.fn()} pollMs={5} />);
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Importer' }));
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByText('Rien n’a été importé')).toBeInTheDocument();
    expect(within(result).getByText(/Certaines lignes contiennent des erreurs/)).toBeInTheDocument();
    expect(screen.getByText(/row 2: name Cement already exists/)).toBeInTheDocument();
    const start = api.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/inventory/import'))!;
    expect(partsOf(start)).toEqual([['language', 'fr'], ['file', 'stock.csv']]);
    await waitFor(() => expect(polls).toBeGreaterThanOrEqual(2));
  });
});
