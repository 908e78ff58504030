import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TImportPreview, TJob } from '@bizdesk/contract';
import { ImportDialog, IMPORT_TEMPLATE_HEADER, importTemplateCsv } from './ImportDialog.tsx';
import { renderWithApp } from '../../../test/render.tsx';
import { changeLanguage } from '../../../shared/i18n/index.ts';
import { fail, mockFetch, ok, on, setupPeopleTexts, type TCall } from '../testApi.ts';

beforeAll(setupPeopleTexts);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const JOB_ID = '66666666-6666-4666-8666-666666666666';
const preview = (over: Partial<TImportPreview> = {}): TImportPreview => ({
  fileName: 'staff.csv',
  format: 'csv',
  totalRows: 50,
  validCount: 48,
  invalidCount: 2,
  errorCount: 2,
  errors: [
    { row: 12, field: 'email', message: 'row 12: email is not valid' },
    { row: 31, field: 'department', message: 'row 31: department "Nowhere" does not exist; create it first' },
  ],
  columns: { recognised: ['First name', 'Last name', 'Email', 'Department'], ignored: ['Notes'] },
  ...over,
});
const job = (over: Partial<TJob>): TJob => ({
  _id: JOB_ID,
  kind: 'employee-import',
  status: 'running',
  phase: 'importing',
  progress: 0,
  processed: 0,
  total: 50,
  message: null,
  result: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

/** The parts of a multipart body in the order they were appended. */
const partsOf = (call: TCall) => [...(call.body as FormData).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name]);

const chooseFile = async (name = 'staff.csv') => {
  // The dialog opens once its texts (the people namespace and the shared imports one) are loaded.
  const input = await screen.findByTestId('import-file-input');
  await userEvent.upload(input, new File(['First name,Last name,Email\n'], name, { type: 'text/csv' }));
};

describe('ImportDialog', () => {
  it('offers a template with the recognised headers', () => {
    expect(importTemplateCsv().split('\r\n')[0]).toBe(IMPORT_TEMPLATE_HEADER.join(','));
    expect(IMPORT_TEMPLATE_HEADER).toContain('Next of kin phone');
  });

  it('offers pay roles the statutory identifier columns of the business\'s country (issue 31)', () => {
    const [ng, ngExample] = importTemplateCsv({ country: 'NG' }).split('\r\n');
    expect(ng).toBe([...IMPORT_TEMPLATE_HEADER, 'TIN', 'RSA PIN', 'PFA', 'NHF number', 'State of residence'].join(','));
    expect(ngExample).toMatch(/,1500000,12345678-0001,PEN100012345678,Stanbic IBTC Pension Managers Limited,,Lagos$/);
    expect(importTemplateCsv({ country: 'GH' }).split('\r\n')[0]).toMatch(/,Gross income,Ghana Card,SSNIT number,TIN,Region$/);
    expect(importTemplateCsv({ country: 'NG', withPay: false }).split('\r\n')[0]).not.toMatch(/TIN|RSA PIN/);
  });

  it('gives HR-access alone a template and instructions without the gross column', async () => {
    const [header, example] = importTemplateCsv({ withPay: false }).split('\r\n');
    expect(header).toBe(IMPORT_TEMPLATE_HEADER.filter((h) => h !== 'Gross income').join(','));
    expect(example).toMatch(/,2026-01-05,,,$/);
    expect(importTemplateCsv().split('\r\n')[1]).toMatch(/,2026-01-05,,,,1500000$/);
    mockFetch();
    renderWithApp(<ImportDialog open onClose={vi.fn()} canSetPay={false} />);
    expect(await screen.findByText(/a file with figures in a Gross income column is refused/)).toBeInTheDocument();
    expect(screen.queryByText(/Designation, Gross income/)).not.toBeInTheDocument();
  });

  it('previews the file: counts, each row error, and "Import all" refused while rows have errors', async () => {
    const api = mockFetch(on('POST', '/employee/import/preview', () => ok(preview())));
    renderWithApp(<ImportDialog open onClose={vi.fn()} pollMs={5} />);
    await chooseFile();
    const errors = await screen.findByTestId('import-errors');
    expect(within(errors).getByText('row 12: email is not valid')).toBeInTheDocument();
    expect(within(errors).getByText(/row 31: department "Nowhere" does not exist/)).toBeInTheDocument();
    expect(screen.getByText('2 problems found')).toBeInTheDocument();
    const counts = screen.getByTestId('import-counts');
    expect(within(counts).getByText('48')).toBeInTheDocument();
    expect(within(counts).getByText('50')).toBeInTheDocument();
    expect(screen.getByText(/Columns ignored: Notes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import all' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import 48 valid rows' })).toBeEnabled();
    expect(partsOf(api.calls[0]!)).toEqual([['file', 'staff.csv']]);
  });

  it('imports the valid rows: flag before the file, then follows the job to the end', async () => {
    let polls = 0;
    const progress = [job({ progress: 10, phase: 'validating' }), job({ progress: 60, processed: 30 }), job({ status: 'succeeded', phase: 'done', progress: 100, processed: 50, result: { created: 48, skipped: 2, validCount: 48, errorCount: 2, errors: preview().errors } })];
    const seen: number[] = [];
    const api = mockFetch(
      on('POST', '/employee/import/preview', () => ok(preview())),
      on('POST', '/employee/import', () => ok({ jobId: JOB_ID, status: 'queued', total: 50 }, { message: 'Import started' }, 202)),
      on('GET', `/employee/import/${JOB_ID}`, () => ok(progress[Math.min(polls++, progress.length - 1)])),
    );
    renderWithApp(<ImportDialog open onClose={vi.fn()} pollMs={30} />);
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Import 48 valid rows' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => {
      seen.push(Number(bar.getAttribute('aria-valuenow')));
      expect(seen).toContain(60);
    });
    const result = await screen.findByTestId('import-result');
    expect(result).toHaveTextContent('48 employees added');
    expect(result).toHaveTextContent('2 rows with errors left out');
    expect(screen.getByText('row 12: email is not valid')).toBeInTheDocument();

    const start = api.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/employee/import')!;
    expect(partsOf(start)).toEqual([['importValidRows', 'true'], ['file', 'staff.csv']]);
    // Polling stops once the job has finished.
    const pollsAtEnd = polls;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(polls).toBe(pollsAtEnd);
  });

  it('"Import all" on a clean file sends importValidRows=false and shows a failed job\'s message', async () => {
    const api = mockFetch(
      on('POST', '/employee/import/preview', () => ok(preview({ validCount: 50, invalidCount: 0, errorCount: 0, errors: [] }))),
      on('POST', '/employee/import', () => ok({ jobId: JOB_ID, status: 'queued', total: 50 }, {}, 202)),
      on('GET', `/employee/import/${JOB_ID}`, () =>
        ok(job({ status: 'failed', phase: 'done', progress: 100, message: 'Some rows have errors, so nothing was imported. Fix them, or choose to import the valid rows only.', result: { created: 0, skipped: 0, validCount: 49, errorCount: 1, errors: [{ row: 7, field: 'email', message: 'row 7: email is already used by EMP-00003' }] } })),
      ),
    );
    renderWithApp(<ImportDialog open onClose={vi.fn()} pollMs={5} />);
    await chooseFile();
    expect(await screen.findByText('Every row is ready to import.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import all' }));
    const result = await screen.findByTestId('import-result');
    expect(result).toHaveTextContent('Nothing was imported');
    expect(result).toHaveTextContent('Some rows have errors, so nothing was imported.');
    expect(screen.getByText('row 7: email is already used by EMP-00003')).toBeInTheDocument();
    const start = api.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/employee/import')!;
    expect(partsOf(start)[0]).toEqual(['importValidRows', 'false']);
  });

  it.each([
    ['de', 'Mitarbeiter importieren', '2 Probleme gefunden', 'Alle importieren', '48 gültige Zeilen importieren', /^„Alle importieren“ ist nicht möglich/, 'Andere Datei wählen'],
    ['fr', 'Importer des employés', '2 problèmes trouvés', 'Tout importer', 'Importer 48 lignes valides', /^Impossible de tout importer/, 'Choisir un autre fichier'],
  ])('speaks %s: the employee wording with the texts every import shares', async (lang, title, problems, importAll, importValid, blocked, another) => {
    await changeLanguage(lang as 'de' | 'fr');
    mockFetch(on('POST', '/employee/import/preview', () => ok(preview())));
    renderWithApp(<ImportDialog open onClose={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    await chooseFile();
    expect(await screen.findByText(problems)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: importAll })).toBeDisabled();
    expect(screen.getByRole('button', { name: importValid })).toBeEnabled();
    expect(screen.getByText(blocked)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: another })).toBeEnabled();
  });

  it("shows the server's message when the file is refused", async () => {
    mockFetch(on('POST', '/employee/import/preview', () => fail(415, 'Upload a CSV file or an Excel workbook (.xlsx)', 'UNSUPPORTED_TYPE')));
    renderWithApp(<ImportDialog open onClose={vi.fn()} />);
    await chooseFile('photo.png');
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a CSV file or an Excel workbook (.xlsx)');
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeEnabled();
  });
});
