import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/inventory.ts';

export const messages: TDict<typeof en> = {
  common: {
    actions: 'Actions', save: 'Enregistrer', cancel: 'Annuler', delete: 'Supprimer', edit: 'Modifier', none: '—', project: 'Projet',
    quantity: 'Quantité', date: 'Date', status: 'Statut', loading: 'Chargement…', loadFailed: 'Impossible de charger cette liste. Réessayez dans un instant.',
    retry: 'Réessayer', confirmDelete: 'Supprimer {{name}} ?', confirmDeleteBody: 'Cette action est irréversible.', exportCsv: 'Exporter en CSV',
    exportXlsx: 'Exporter en Excel', purpose: 'Objet', employeeNumber: 'Matricule', reference: 'Référence',
  },
  import: {
    open: 'Importer',
    title: 'Importer des articles',
    intro: 'Téléversez un fichier CSV ou un classeur Excel (.xlsx, 10 Mo et 5 000 lignes au plus) avec une ligne d’en-tête. Rien n’est enregistré avant l’import, et un fichier dont une ligne est erronée n’importe rien.',
    columns: 'Colonnes par en-tête : Project, Name, SKU, Unit, Category, Quantity, Reorder level, Unit cost. Project, Name et Unit sont obligatoires. Quantity est le stock initial, enregistré comme une réception au Unit cost (au format numérique de votre langue). Une référence, ou un nom dans le même projet, déjà portés par un article sont refusés : enregistrez plutôt une réception sur cet article.',
    phase: { importing: 'Enregistrement des articles' },
    created_one: '{{count}} article ajouté',
    created_other: '{{count}} articles ajoutés',
    server: {
      empty: 'Le fichier a une ligne d’en-tête mais aucun article en dessous',
      nothingImported: 'Certaines lignes contiennent des erreurs, rien n’a donc été importé. Corrigez-les et téléversez à nouveau le fichier.',
      finished: 'Import du stock terminé',
    },
  },
  items: {
    title: 'Stock', description: 'Le stock par projet et sa valeur au coût moyen pondéré. Réception, sortie et consommation depuis chaque ligne.',
    add: 'Ajouter un article', addTitle: 'Ajouter un article au stock', editTitle: 'Modifier {{name}}', name: 'Nom de l’article', sku: 'Référence article', unit: 'Unité de mesure',
    category: 'Catégorie', reorderLevel: 'Seuil de réapprovisionnement', openingQuantity: 'Quantité initiale', unitCost: 'Coût unitaire', averageCost: 'Coût moyen',
    stockValue: 'Valeur du stock', state: 'État du stock', low: 'À commander', ok: 'En stock', empty: 'En rupture', totalValue: 'Valeur totale du stock',
    itemCount: 'Articles', lowCount: 'Au seuil', emptyTitle: 'Aucun article pour l’instant',
    emptyBody: 'Ajoutez votre premier article avec son stock initial ; chaque réception et sortie est ensuite journalisée.', openProject: 'Ouvrir le projet',
  },
  move: {
    instock: 'Réceptionner', outstock: 'Sortir', usedstock: 'Consommation', titleInstock: 'Réceptionner {{name}}', titleOutstock: 'Sortir {{name}}',
    titleUsedstock: 'Saisir la consommation de {{name}}', available: '{{quantity}} {{unit}} en stock', used: 'Utilisé pour',
    referenceHelp: 'Numéro de commande ou de demande : une même référence n’est jamais comptée deux fois.', deliveryHelp: 'Numéro de bon de livraison ou de réception (facultatif).',
    unitCostHelp: 'Laisser vide pour réceptionner au coût moyen actuel.',
  },
  kinds: { instock: 'Réception', outstock: 'Sortie', usedstock: 'Consommation' },
  project: {
    title: 'Stock de {{tag}}', description: 'Les articles de ce projet : reçus, sortis et consommés.', emptyTitle: 'Aucun article pour ce projet',
    emptyBody: 'Les articles apparaissent ici dès qu’ils sont ajoutés à ce projet sur la page Stock.', received: 'Reçu', issued: 'Sorti', used: 'Consommé',
  },
  records: {
    title: 'Mouvements de stock', description: 'Chaque mouvement : qui l’a saisi, quand, pour quel projet et avec quelle référence.', kind: 'Mouvement',
    all: 'Tous les mouvements', search: 'Chercher un article, une référence, un objet ou un matricule', from: 'Du', to: 'Au', item: 'Article', balance: 'Solde après',
    value: 'Valeur', recordedBy: 'Saisi par', emptyTitle: 'Aucun mouvement pour l’instant', emptyBody: 'Réceptions, sorties et consommations apparaissent ici dès leur saisie.',
  },
  requisitions: {
    title: 'Demandes de matériel', description: 'Les demandes de matériel du bureau et des points de collecte. Les demandes approuvées sont sorties du stock.',
    add: 'Nouvelle demande', addTitle: 'Demander du matériel', number: 'Numéro', items: 'Articles', requestedBy: 'Demandé par', neededBy: 'Nécessaire pour le',
    approvals: 'Approbations', approve: 'Approuver et sortir', reject: 'Refuser', rejectTitle: 'Refuser {{number}}', reason: 'Motif', item: 'Article',
    addLine: 'Ajouter un autre article', emptyTitle: 'Aucune demande pour l’instant', emptyBody: 'Les demandes du bureau ou d’un point de collecte apparaissent ici pour approbation.',
    statuses: { pending: 'En attente', approved: 'Approuvée', rejected: 'Refusée', issued: 'Sortie' },
    sources: { office: 'Bureau', collector: 'Point de collecte' },
  },
  fleet: {
    title: 'Demandes de camions', description: 'Les camions, leur état et les demandes de camion pour une période. L’approbation réserve un camion libre.',
    trucks: 'Camions', requisitions: 'Demandes', addTruck: 'Ajouter un camion', addTruckTitle: 'Ajouter un camion à la flotte', plateNumber: 'Immatriculation', model: 'Modèle',
    capacity: 'Capacité', fuelType: 'Carburant', state: 'État', states: { free: 'Libre', assigned: 'Affecté', 'in maintenance': 'En maintenance' },
    fuelTypes: { diesel: 'Diesel', petrol: 'Essence', gas: 'Gaz', electric: 'Électrique', hybrid: 'Hybride' }, assign: 'Affecter à un projet', release: 'Libérer',
    assignTitle: 'Affecter {{plate}} à un projet', entry: 'Carburant ou maintenance', entryTitle: 'Carburant ou maintenance pour {{plate}}', entryKind: 'Saisie',
    entryKinds: { fuel: 'Carburant', maintenance: 'Maintenance' }, endDate: 'Dernier jour d’immobilisation', litres: 'Litres', cost: 'Coût', note: 'Note',
    fuelCost: 'Coût carburant', maintenanceCost: 'Coût maintenance', request: 'Demander un camion', requestTitle: 'Demander un camion', destination: 'Destination',
    startDate: 'Du', finishDate: 'Au', truck: 'Camion', approve: 'Approuver avec un camion', approveTitle: 'Approuver et réserver un camion', chooseTruck: 'Camion à réserver',
    trucksEmpty: 'Aucun camion pour l’instant', trucksEmptyBody: 'Ajoutez les camions de votre flotte pour les réserver pour des projets.', requestsEmpty: 'Aucune demande de camion',
    requestsEmptyBody: 'Demandez un camion pour un projet et une période ; un approbateur réserve un camion libre.',
    statuses: { pending: 'En attente', approved: 'Approuvée', rejected: 'Refusée' },
  },
  energy: {
    title: 'Suivi de l’énergie', description: 'Carburant et électricité achetés par projet, en moyenne mensuelle, avec une alerte quand le coût unitaire bondit.',
    add: 'Saisir de l’énergie', addTitle: 'Saisir du carburant ou de l’électricité', quantity: 'Quantité (litres ou kWh)', expenses: 'Coût', manager: 'Responsable',
    alertPercent: 'Alerter quand le coût unitaire augmente de plus de (%)', monthChart: 'Coût unitaire par mois', quantityChart: 'Quantité par mois',
    projectChart: 'Coût par projet', costPerUnit: 'Coût unitaire', totalQuantity: 'Quantité', totalCost: 'Coût',
    alert: 'Le coût unitaire a augmenté de {{change}} % en {{month}}, plus que {{limit}} %.', noAlert: 'Aucun mois n’a vu le coût unitaire augmenter de plus de {{limit}} %.',
    report: 'Rédiger un rapport d’économies', reportTitle: 'Rapport énergie', instructions: 'Sur quoi le rapport doit-il porter ? (facultatif)', emptyTitle: 'Aucune saisie d’énergie',
    emptyBody: 'Saisissez les achats de carburant ou d’électricité pour voir les moyennes mensuelles et les alertes.', movementTitle: 'Mouvements d’énergie',
    movementDescription: 'Toutes les saisies de carburant et d’électricité, les plus récentes d’abord.', recordedBy: 'Saisi par', chartLabel: '{{title}} : {{items}}',
  },
  collector: {
    stock: 'Stock de ce point', request: 'Demander du matériel', recordUse: 'Saisir une consommation', myRequisitions: 'Mes demandes',
    requestsEmpty: 'Aucune demande depuis ce point pour l’instant.', itemsEmpty: 'Aucun article n’est encore relié à ce point. Demandez au bureau de les relier.',
  },
};
