import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/imports.ts';

export const messages: TDict<typeof en> = {
  import: {
    template: 'Vorlage herunterladen (CSV)',
    choose: 'Datei wählen',
    fileLabel: 'Zu importierende Tabelle',
    checking: '{{name}} wird geprüft…',
    previewTitle: 'Vor dem Import prüfen',
    fileSummary: '{{name}} · {{format}}',
    totalRows: 'Zeilen',
    validRows: 'Bereit zum Import',
    invalidRows: 'Mit Fehlern',
    recognised: 'Verwendete Spalten',
    ignored: 'Ignorierte Spalten',
    errorsTitle_one: '{{count}} Problem gefunden',
    errorsTitle_other: '{{count}} Probleme gefunden',
    moreErrors: '… und {{count}} weitere. Korrigieren Sie die Datei und prüfen Sie sie erneut, um sie zu sehen.',
    noErrors: 'Jede Zeile ist bereit zum Import.',
    importAll: 'Importieren',
    importAllBlocked: 'Solange Zeilen Fehler enthalten, kann nichts importiert werden: korrigieren Sie sie in der Datei und wählen Sie sie erneut.',
    anotherFile: 'Andere Datei wählen',
    progressTitle: 'Import läuft…',
    progressLabel: 'Importfortschritt',
    phase: { queued: 'Wartet auf den Start', validating: 'Zeilen werden geprüft', done: 'Wird abgeschlossen' },
    processed: '{{processed}} von {{total}} Zeilen',
    resultTitle: 'Import abgeschlossen',
    failedTitle: 'Es wurde nichts importiert',
    close: 'Schließen',
  },
};
