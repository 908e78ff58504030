import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TImportPreview } from '@bizdesk/contract';
import { SpreadsheetImportDialog, type TImportApi } from './SpreadsheetImportDialog.tsx';
import { changeLanguage, i18n } from '../i18n/index.ts';
import { renderWithApp, setupI18n } from '../../test/render.tsx';

/** A feature of the test's own: its namespace words only its title, intro, columns, and its own "Import all". */
const NS = 'widgets';
const texts = (title: string, importAll: string) => ({
  common: { none: '—' },
  import: { title, intro: 'Widgets from a file.', columns: 'Columns: Name.', importAll, phase: { importing: 'Saving widgets' }, created_one: '{{count}} widget', created_other: '{{count}} widgets' },
});

const preview: TImportPreview = {
  fileName: 'widgets.csv', format: 'csv', totalRows: 2, validCount: 2, invalidCount: 0, errorCount: 0, errors: [],
  columns: { recognised: ['Name'], ignored: [] },
};
const api: TImportApi = {
  preview: vi.fn(async () => preview),
  start: vi.fn(),
  getJob: vi.fn(),
  queryKey: ['widgets'],
  jobKind: 'widget-import',
  template: { fileName: 'widgets.csv', csv: () => 'Name\r\n' },
  allowValidRows: false,
};

beforeAll(async () => {
  await setupI18n();
  i18n.addResourceBundle('en', NS, texts('Import widgets', 'Import every widget'));
  i18n.addResourceBundle('de', NS, texts('Widgets importieren', 'Alle Widgets importieren'));
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('SpreadsheetImportDialog texts', () => {
  it.each([
    ['en', 'Import widgets', 'Choose a file', 'Every row is ready to import.', 'Import every widget', 'Import'],
    ['de', 'Widgets importieren', 'Datei wählen', 'Jede Zeile ist bereit zum Import.', 'Alle Widgets importieren', 'Importieren'],
  ] as const)('reads the feature\'s namespace first and the shared imports namespace for the rest (%s)', async (lang, title, choose, noErrors, importAll, sharedImportAll) => {
    await changeLanguage(lang);
    renderWithApp(<SpreadsheetImportDialog open onClose={vi.fn()} ns={NS} api={api} />);
    // The dialog waits for the shared texts (loaded lazily) instead of showing keys.
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: choose })).toBeEnabled();
    await userEvent.upload(screen.getByTestId('import-file-input'), new File(['Name\n'], 'widgets.csv', { type: 'text/csv' }));
    expect(await screen.findByText(noErrors)).toBeInTheDocument();
    // The feature's own wording wins over the shared one.
    expect(screen.getByRole('button', { name: importAll })).toBeEnabled();
    expect(screen.queryByRole('button', { name: sharedImportAll })).toBeNull();
    expect(document.body.textContent).not.toMatch(/\bimport\.[a-z]/);
  });
});
