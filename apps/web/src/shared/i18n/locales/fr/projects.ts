import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/projects.ts';

export const messages: TDict<typeof en> = {
  list: {
    title: 'Coûts de revient des projets',
    description: 'Pour chaque projet : contrat, budget, engagé et dépensé, facturé et encaissé, et marge.',
    label: 'Projets et leurs chiffres de coût',
    emptyTitle: 'Aucun projet pour l’instant',
    emptyBody: 'Ajoutez un projet dans l’écran Projets (ou Lieux) ; ses coûts issus des commandes, du stock, de la flotte, de l’énergie, de la paie et des dépenses s’y rassemblent.',
    loadFailed: 'Impossible de charger les projets.',
  },
  open: 'Coûts du projet',
  openNamed: 'Ouvrir les coûts de {{project}}',
  back: 'Tous les projets',
  loadFailed: 'Impossible de charger les coûts de ce projet.',
  cards: {
    contractValue: 'Montant du marché', billed: 'Facturé', paid: 'Encaissé', actual: 'Coût réel', committed: 'Engagé', margin: 'Marge',
    marginCaption: 'Facturé − coût réel{{percent}}', notSet: 'Non défini', retention: 'Retenue de garantie {{amount}}', wht: 'Retenue à la source {{amount}}',
    forecast: 'Prévision à terminaison {{amount}}',
  },
  columns: {
    project: 'Projet', category: 'Catégorie', budget: 'Budget', committed: 'Engagé', actual: 'Réel', forecast: 'Prévision', variance: 'Écart',
    contractValue: 'Montant du marché', billed: 'Facturé', paid: 'Encaissé', margin: 'Marge', number: 'Numéro', date: 'Date', gross: 'Valorisation brute',
    retention: 'Retenue de garantie', wht: 'Retenue à la source', other: 'Autres déductions', net: 'Net dû', status: 'Statut', actions: 'Actions', description: 'Description',
    source: 'Source', stage: 'Étape', amount: 'Montant', site: 'Chantier', reference: 'Référence', month: 'Mois',
  },
  categories: {
    materials: 'Matériaux', labour: 'Main-d’œuvre', subcontract: 'Sous-traitance', 'plant-fuel': 'Engins et carburant', transport: 'Transport', energy: 'Énergie',
    overheads: 'Frais généraux', other: 'Autres',
  },
  sources: {
    'cost-record': 'Dépense', 'expense-claim': 'Note de frais', 'purchase-order': 'Bon de commande', 'stock-use': 'Stock consommé', 'stock-transfer': 'Transfert de stock',
    'fleet-fuel': 'Carburant de la flotte', 'fleet-maintenance': 'Entretien de la flotte', 'fleet-booking': 'Réservation de véhicule', energy: 'Énergie', payroll: 'Paie', 'credit-note': 'Avoir',
  },
  stages: { committed: 'Engagé', actual: 'Réel' },
  status: { billed: 'Facturé', 'part-paid': 'Partiellement payé', paid: 'Payé' },
  budget: {
    title: 'Budget par catégorie', total: 'Total', edit: 'Modifier le budget', forecastRule: 'Prévision à terminaison = réel + engagé, ou le budget s’il est plus élevé.',
    noLines: 'Pas encore de budget par catégorie : le budget total du projet s’applique. Modifiez le budget pour en fixer un par catégorie.',
    dialogTitle: 'Budget par catégorie', dialogDescription: 'Montants en {{currency}}. Une catégorie vide n’a pas de budget.', saved: 'Budget enregistré',
  },
  contract: {
    edit: 'Marché et taux', dialogTitle: 'Marché et taux', dialogDescription: 'Le montant convenu avec le client, la retenue de garantie qu’il conserve et la retenue à la source qu’il déduit de chaque situation.',
    value: 'Montant du marché', retention: 'Retenue de garantie (%)', wht: 'Retenue à la source (%)', percentHelp: 'Un pourcentage de 0 à 100, par exemple 5 ou 2.5', saved: 'Marché enregistré',
    rates: 'Retenue de garantie {{retention}} %, retenue à la source {{wht}} %',
  },
  certificates: {
    title: 'Situations de travaux', add: 'Ajouter une situation', emptyTitle: 'Aucune situation pour l’instant',
    emptyBody: 'Ajoutez la première situation approuvée par le client ; la retenue de garantie et la retenue à la source sont calculées d’après les taux du projet.',
    dialogTitle: 'Ajouter une situation', dialogDescription: 'Retenue de garantie {{retention}} % et retenue à la source {{wht}} % de la valorisation brute, sauf montants saisis.',
    number: 'Numéro de situation', date: 'Date de la situation', gross: 'Valorisation brute', retention: 'Retenue de garantie', wht: 'Retenue à la source du client',
    other: 'Autres déductions', note: 'Note', autoHelp: 'Vide : {{amount}} au taux du projet', preview: 'Net dû {{net}} (brut {{gross}} − garantie {{retention}} − retenue à la source {{wht}} − autres {{other}})',
    previewEmpty: 'Saisissez la valorisation brute pour voir le net dû.', saved: 'Situation ajoutée',
    pay: 'Enregistrer un paiement', payTitle: 'Paiement de la situation {{number}}', payDescription: 'Reste dû {{outstanding}} sur {{net}}.', amount: 'Montant reçu', paidOn: 'Reçu le', paid: 'Paiement enregistré',
    label: 'Situations de {{project}}',
    editTitle: 'Modifier la situation {{number}}', save: 'Enregistrer la situation', updated: 'Situation enregistrée', editLabel: 'Modifier la situation {{number}}',
    editPaid: 'Le client a déjà payé {{paid}} sur cette situation : le net dû ne peut pas descendre en dessous.',
    delete: 'Supprimer la situation', deleteLabel: 'Supprimer la situation {{number}}', deleteTitle: 'Supprimer la situation {{number}} ?',
    deleteBody: 'La situation {{number}} ({{gross}} brut) est retirée du facturé, de la retenue de garantie et de la retenue à la source du projet. Cette action est définitive.',
    deleteBlocked: 'Des paiements sont enregistrés sur cette situation : elle ne peut pas être supprimée. Modifiez-la plutôt pour la corriger.',
    deleteBlockedLabel: 'Supprimer la situation {{number}} : impossible, des paiements sont enregistrés', deleted: 'Situation supprimée',
  },
  months: { title: 'Coût par mois', empty: 'Aucun coût pour l’instant.', label: 'Coût par mois' },
  sourcesTitle: 'Coût par source',
  sourceLine: '{{count}} écritures',
  entries: {
    title: 'Écritures de coût', label: 'Écritures de coût de {{project}}', all: 'Toutes', open: 'Ouvrir la source',
    emptyTitle: 'Aucune écriture de coût',
    emptyBody: 'Les coûts arrivent ici depuis les dépenses, les commandes approuvées, les réceptions, le stock consommé sur les chantiers, la flotte, l’énergie et la paie.',
    emptyFiltered: 'Aucune écriture ne correspond à ces filtres.',
  },
  notFound: 'Ce projet est introuvable.',
};
