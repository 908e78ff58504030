import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VENDOR_IMPORT_HEADER, type TImportPreview, type TJob } from '@bizdesk/contract';
import { VendorImportDialog, vendorTemplateCsv } from './VendorImportDialog.tsx';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { mockFetch, ok, on, type TCall } from '../../employees/testApi.ts';

beforeAll(async () => {
  await setupI18n();
  await i18n.loadNamespaces('procurement');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const JOB_ID = '88888888-8888-4888-8888-888888888888';
const preview: TImportPreview = {
  fileName: 'vendors.csv', format: 'csv', totalRows: 2, validCount: 2, invalidCount: 0, errorCount: 0, errors: [],
  columns: { recognised: ['Name', 'Email'], ignored: ['Region'] },
};
const done: TJob = {
  _id: JOB_ID, kind: 'vendor-import', status: 'succeeded', phase: 'done', progress: 100, processed: 2, total: 2, message: null,
  result: { created: 2, skipped: 0, validCount: 2, errorCount: 0, errors: [] }, createdAt: '2026-03-01T10:00:00.000Z', finishedAt: '2026-03-01T10:00:01.000Z',
};
const partsOf = (call: TCall) => [...(call.body as FormData).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name]);

describe('VendorImportDialog', () => {
  it('offers a template with the vendor form\'s columns', () => {
    const [header, example] = vendorTemplateCsv().split('\r\n');
    expect(header).toBe(VENDOR_IMPORT_HEADER.join(','));
    // A cell with a comma is quoted, so the example reads back as one row of the same columns.
    expect(example).toBe('Julius Berger Supplies,Ada Obi,sales@example.com,+234 803 000 0001,"12 Allen Avenue, Ikeja",Zenith Bank,1234567890,Julius Berger Supplies,TIN-0000000,Steel; Cement,5,');
  });

  it('previews a clean file, imports it all, and says how many vendors were added', async () => {
    const api = mockFetch(
      on('POST', '/vendors/import/preview', () => ok(preview)),
      on('POST', '/vendors/import', () => ok({ jobId: JOB_ID, status: 'queued', total: 2 }, {}, 202)),
      on('GET', `/vendors/import/${JOB_ID}`, () => ok(done)),
    );
    renderWithApp(<VendorImportDialog open onClose={vi.fn()} pollMs={5} />);
    await userEvent.upload(await screen.findByTestId('import-file-input'), new File(['Name,Email\n'], 'vendors.csv', { type: 'text/csv' }));
    await screen.findByText('Every row is ready to import.');
    expect(screen.getByText(/Columns ignored: Region/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(within(await screen.findByTestId('import-result')).getByText('2 vendors added')).toBeInTheDocument();
    expect(partsOf(api.calls[1]!)).toEqual([['language', 'en'], ['file', 'vendors.csv']]);
  });

  it('speaks French: the vendor wording with the texts every import shares', async () => {
    mockFetch(
      on('POST', '/vendors/import/preview', () => ok(preview)),
      on('POST', '/vendors/import', () => ok({ jobId: JOB_ID, status: 'queued', total: 2 }, {}, 202)),
      on('GET', `/vendors/import/${JOB_ID}`, () => ok(done)),
    );
    await i18n.changeLanguage('fr');
    renderWithApp(<VendorImportDialog open onClose={vi.fn()} pollMs={5} />);
    expect(await screen.findByRole('heading', { name: 'Importer des fournisseurs' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le modèle (CSV)' })).toBeInTheDocument();
    await userEvent.upload(await screen.findByTestId('import-file-input'), new File(['Name,Email\n'], 'vendors.csv', { type: 'text/csv' }));
    await screen.findByText('Toutes les lignes sont prêtes à importer.');
    expect(screen.getByText(/Colonnes ignorées: Region/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Importer' }));
    expect(within(await screen.findByTestId('import-result')).getByText('2 fournisseurs ajoutés')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Import terminé' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeEnabled();
  });
});
