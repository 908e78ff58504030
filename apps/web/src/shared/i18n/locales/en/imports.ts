/**
 * The spreadsheet import dialog's own texts (shared/ui/SpreadsheetImportDialog.tsx), shared by every import. A feature's
 * namespace holds what is its own (title, intro, columns, phase.importing, created, server messages) and may word any of
 * these differently: the dialog looks a key up there first.
 */
export const messages = {
  import: {
    template: 'Download the template (CSV)',
    choose: 'Choose a file',
    fileLabel: 'Spreadsheet to import',
    checking: 'Checking {{name}}…',
    previewTitle: 'Check before importing',
    fileSummary: '{{name}} · {{format}}',
    totalRows: 'Rows',
    validRows: 'Ready to import',
    invalidRows: 'With errors',
    recognised: 'Columns used',
    ignored: 'Columns ignored',
    errorsTitle_one: '{{count}} problem found',
    errorsTitle_other: '{{count}} problems found',
    moreErrors: '… and {{count}} more. Fix the file and check it again to see them.',
    noErrors: 'Every row is ready to import.',
    importAll: 'Import',
    importAllBlocked: 'Nothing can be imported while rows have errors: fix them in the file and choose it again.',
    anotherFile: 'Choose another file',
    progressTitle: 'Importing…',
    progressLabel: 'Import progress',
    phase: { queued: 'Waiting to start', validating: 'Checking the rows', done: 'Finishing' },
    processed: '{{processed}} of {{total}} rows',
    resultTitle: 'Import finished',
    failedTitle: 'Nothing was imported',
    close: 'Close',
  },
};
