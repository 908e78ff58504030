import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/imports.ts';

export const messages: TDict<typeof en> = {
  import: {
    template: 'Télécharger le modèle (CSV)',
    choose: 'Choisir un fichier',
    fileLabel: 'Tableur à importer',
    checking: 'Vérification de {{name}}…',
    previewTitle: 'Vérifier avant d’importer',
    fileSummary: '{{name}} · {{format}}',
    totalRows: 'Lignes',
    validRows: 'Prêtes à importer',
    invalidRows: 'Avec erreurs',
    recognised: 'Colonnes utilisées',
    ignored: 'Colonnes ignorées',
    errorsTitle_one: '{{count}} problème trouvé',
    errorsTitle_other: '{{count}} problèmes trouvés',
    moreErrors: '… et {{count}} de plus. Corrigez le fichier et vérifiez-le à nouveau pour les voir.',
    noErrors: 'Toutes les lignes sont prêtes à importer.',
    importAll: 'Importer',
    importAllBlocked: 'Rien ne peut être importé tant que des lignes contiennent des erreurs : corrigez-les dans le fichier et choisissez-le à nouveau.',
    anotherFile: 'Choisir un autre fichier',
    progressTitle: 'Import en cours…',
    progressLabel: 'Progression de l’import',
    phase: { queued: 'En attente de démarrage', validating: 'Vérification des lignes', done: 'Finalisation' },
    processed: '{{processed}} sur {{total}} lignes',
    resultTitle: 'Import terminé',
    failedTitle: 'Rien n’a été importé',
    close: 'Fermer',
  },
};
