import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/notifications.ts';

// French plurals: 0 and 1 take `_one`; a million and such take `_many` (« 1 000 000 d’employés »).
export const messages: TDict<typeof en> = {
  categories: {
    HR: 'RH',
    Accounts: 'Comptabilité',
    Inventory: 'Stocks',
    Procurement: 'Achats',
    'General actions': 'Actions générales',
    'Request Messages': 'Demandes',
    Announcements: 'Annonces',
    Reminders: 'Rappels',
    Fleet: 'Flotte',
    Payroll: 'Paie',
    System: 'Système',
  },
  employees: {
    created: { title: 'Nouvel employé', message: '{{name}} ({{number}}) a été ajouté' },
    createdInDepartment: { title: 'Nouvel employé', message: '{{name}} ({{number}}) a été ajouté au département {{department}}' },
    removed: { title: 'Employé retiré', message: '{{name}} ({{number}}) a été retiré de la liste du personnel' },
    imported: {
      title: 'Import des employés terminé',
      message_one: '{{count}} employé importé depuis {{fileName}}',
      message_many: '{{count}} d’employés importés depuis {{fileName}}',
      message_other: '{{count}} employés importés depuis {{fileName}}',
    },
    importedWithSkipped: {
      title: 'Import des employés terminé',
      message_one: '{{count}} employé importé depuis {{fileName}} ; lignes en erreur écartées : {{skipped}}',
      message_many: '{{count}} d’employés importés depuis {{fileName}} ; lignes en erreur écartées : {{skipped}}',
      message_other: '{{count}} employés importés depuis {{fileName}} ; lignes en erreur écartées : {{skipped}}',
    },
  },
  attendance: {
    suspended: { title: 'Suspension', message: '{{name}} est suspendu du {{fromDate}} au {{toDate}}' },
    sick: { title: 'Maladie', message: '{{name}} est en arrêt maladie aujourd’hui ({{date}})' },
    checkinToReview: { title: 'Pointage à vérifier', message: 'Le pointage de {{name}} du {{when}} est arrivé au serveur {{hours}} heures plus tard ; la journée n’est pas marquée tant que les RH ne l’ont pas accepté ou refusé' },
    correctionApproved: { title: 'Présence corrigée', message: 'La demande de correction de {{name}} pour le {{date}} a été approuvée' },
    correctionRejected: { title: 'Correction de présence refusée', message: 'La demande de correction de {{name}} pour le {{date}} a été refusée : {{reason}}' },
  },
  leave: {
    requested: {
      title: 'Demande de congé',
      message_one: '{{name}} demande {{count}} jour ouvré de congé ({{leaveType}}), du {{startDate}} au {{endDate}}',
      message_many: '{{name}} demande {{count}} de jours ouvrés de congé ({{leaveType}}), du {{startDate}} au {{endDate}}',
      message_other: '{{name}} demande {{count}} jours ouvrés de congé ({{leaveType}}), du {{startDate}} au {{endDate}}',
    },
    approved: { title: 'Congé approuvé', message: 'Le congé ({{leaveType}}) de {{name}} du {{startDate}} au {{endDate}} a été approuvé' },
    approvedWithReason: { title: 'Congé approuvé', message: 'Le congé ({{leaveType}}) de {{name}} du {{startDate}} au {{endDate}} a été approuvé : {{reason}}' },
    declined: { title: 'Congé refusé', message: 'Le congé ({{leaveType}}) de {{name}} du {{startDate}} au {{endDate}} a été refusé' },
    declinedWithReason: { title: 'Congé refusé', message: 'Le congé ({{leaveType}}) de {{name}} du {{startDate}} au {{endDate}} a été refusé : {{reason}}' },
    recounted: { title: 'Congé recompté', message: 'Le congé {{leaveType}} de {{name}} du {{startDate}} au {{endDate}} a été recompté après un changement de jour férié : {{before}} → {{after}} jours ouvrés' },
    adjusted: { title: 'Congé ajusté', message: 'Congé {{leaveType}} de {{name}} {{year}}, variation en jours : {{days}} ({{reason}})' },
    accrued: { title: 'Congés acquis', message: 'Les congés du mois ont été acquis (jours par employé) : {{earned}}' },
  },
  expenses: {
    approved: { title: 'Note de frais approuvée', message: 'La note de frais {{claim}} de {{name}} ({{amount}}) a été approuvée' },
    rejected: { title: 'Note de frais refusée', message: 'La note de frais {{claim}} de {{name}} a été refusée : {{reason}}' },
    reimbursed: { title: 'Note de frais remboursée', message: 'La note de frais {{claim}} de {{name}} ({{amount}}) a été remboursée' },
  },
  complaints: {
    filed: { title: 'Plainte déposée', message: '{{name}} a déposé une plainte (échéance {{dueDate}})' },
    filedAnonymous: { title: 'Plainte déposée', message: 'Une plainte a été déposée (échéance {{dueDate}})' },
    resolved: { title: 'Plainte résolue', message: 'La plainte de {{name}} a été résolue' },
    resolvedAnonymous: { title: 'Plainte résolue', message: 'Une plainte a été résolue' },
    overdue: { title: 'Plainte en retard', message: 'Une plainte à traiter avant le {{dueDate}} est en retard' },
    assigned: { title: 'Plainte attribuée', message: 'Une plainte a été attribuée à {{assignee}} (à traiter avant le {{dueDate}})' },
    dueSoon: { title: 'Plainte bientôt due', message: 'Une plainte attribuée à {{assignee}} est à traiter avant le {{dueDate}}' },
  },
  reminders: {
    'probation-end': { title: 'Fin de période d’essai', message: 'La période d’essai de {{name}} se termine le {{date}}' },
    'contract-end': { title: 'Fin de contrat', message: 'Le contrat de {{name}} se termine le {{date}}' },
    'document-expiry': { title: 'Document expirant', message: 'Un document de {{name}} ({{docType}}) expire le {{date}}' },
    birthday: { title: 'Anniversaire', message: 'L’anniversaire de {{name}} est le {{date}}' },
    'work-anniversary': { title: 'Ancienneté', message_one: '{{name}} aura {{count}} an d’ancienneté le {{date}}', message_many: '{{name}} aura {{count}} ans d’ancienneté le {{date}}', message_other: '{{name}} aura {{count}} ans d’ancienneté le {{date}}' },
  },
  payroll: {
    computed: {
      title: 'Paie calculée',
      message_one: 'La paie de {{month}} est calculée pour {{count}} employé',
      message_many: 'La paie de {{month}} est calculée pour {{count}} d’employés',
      message_other: 'La paie de {{month}} est calculée pour {{count}} employés',
    },
    approved: { title: 'Paie approuvée', message: 'La paie de {{month}} a été approuvée par {{by}}' },
    approvalBlocked: { title: 'La paie ne peut pas être approuvée', message: 'Personne d’autre ne peut approuver la paie de {{month}} : autorisez le propriétaire à approuver ses propres paies (Profil), ou donnez à un autre utilisateur Accounts-access et Approvals-access' },
    awaitsOwnApproval: { title: 'La paie attend votre approbation', message: 'La paie de {{month}} attend votre approbation ; comme vous l’avez préparée, indiquez un motif en l’approuvant' },
  },
  approvals: {
    requested: {
      title: 'Approbation demandée',
      message_one: '{{by}} demande l’approbation de {{subject}} ({{count}} approbation requise)',
      message_many: '{{by}} demande l’approbation de {{subject}} ({{count}} d’approbations requises)',
      message_other: '{{by}} demande l’approbation de {{subject}} ({{count}} approbations requises)',
    },
    given: { title: 'Approbation donnée', message: '{{by}} a approuvé {{subject}} ({{approvals}} sur {{required}})' },
    approved: { title: 'Demande approuvée', message: '{{subject}} est approuvé ({{approvals}} approbations sur {{required}})' },
    rejected: { title: 'Demande rejetée', message: '{{by}} a rejeté {{subject}} : {{reason}}' },
  },
  appraisals: {
    sent: {
      title: 'Évaluations envoyées',
      message_one: '{{count}} formulaire d’évaluation envoyé pour {{department}} ({{period}})',
      message_many: '{{count}} de formulaires d’évaluation envoyés pour {{department}} ({{period}})',
      message_other: '{{count}} formulaires d’évaluation envoyés pour {{department}} ({{period}})',
    },
    forCountersigning: {
      title: 'Évaluations à contresigner',
      message_one: '{{count}} évaluation de {{appraiser}} envoyée à {{superior}} pour contreseing',
      message_many: '{{count}} d’évaluations de {{appraiser}} envoyées à {{superior}} pour contreseing',
      message_other: '{{count}} évaluations de {{appraiser}} envoyées à {{superior}} pour contreseing',
    },
    upwardRequested: {
      title: 'Retour ascendant demandé',
      message_one: '{{count}} subordonné de {{upline}} sollicité pour un retour ({{period}})',
      message_many: '{{count}} de subordonnés de {{upline}} sollicités pour un retour ({{period}})',
      message_other: '{{count}} subordonnés de {{upline}} sollicités pour un retour ({{period}})',
    },
    upwardReceived: { title: 'Retour ascendant reçu', message: 'Le retour sur {{name}} a été envoyé ({{period}})' },
    submitted: { title: 'Évaluation envoyée', message: '{{reviewer}} a évalué {{name}} ({{period}})' },
    countersigned: { title: 'Évaluation contresignée', message: '{{superior}} a contresigné l’évaluation de {{name}} ({{period}})' },
    countersignedUnnamed: { title: 'Évaluation contresignée', message: 'Le supérieur a contresigné l’évaluation de {{name}} ({{period}})' },
  },
  inventory: {
    reorderLevel: { title: 'Seuil de réapprovisionnement', message: '{{item}} ({{tag}}) est descendu à {{quantity}} {{unit}}, au niveau ou sous son seuil de réapprovisionnement de {{reorderLevel}}' },
  },
  vendors: {
    quoteReceived: { title: 'Devis reçu', message: '{{contractor}} propose {{total}} pour le contrat {{contract}} ({{project}})' },
  },
  orders: {
    calledOff: { title: 'Appel sur commande ouverte', message: '{{by}} a appelé {{amount}} sur {{order}} (reste {{left}})' },
    goodsReturned: { title: 'Marchandises retournées', message: '{{user}} a retourné des marchandises de {{order}} à {{vendor}}' },
    goodsReceived: { title: 'Marchandises reçues', message: '{{receiver}} a reçu les marchandises de {{order}} de {{vendor}}' },
    invoiceRecorded: { title: 'Facture enregistrée', message: 'Facture {{invoice}} de {{amount}} enregistrée sur {{order}}' },
    paymentMade: { title: 'Paiement effectué', message: '{{amount}} payé à {{vendor}} pour {{order}}' },
    cancelled: { title: 'Commande annulée', message: '{{by}} a annulé {{order}} ({{vendor}})' },
  },
  remittances: {
    upcoming: { title: 'Versement bientôt dû', message: '{{authority}} {{payee}} pour {{period}} : {{amount}} est dû au plus tard le {{dueDate}}' },
    overdue: { title: 'Versement en retard', message: '{{authority}} {{payee}} pour {{period}} : {{amount}} était dû le {{dueDate}} et est en retard' },
  },
  backup: {
    failed: { title: 'Échec de la sauvegarde', message: "La sauvegarde planifiée n'a pas pu être écrite : {{reason}}. Vos données sont inchangées ; vérifiez le disque ou les réglages de stockage du serveur." },
  },
};
