import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/wht.ts';

export const messages: TDict<typeof en> = {
  categories: {
    goods: 'Fourniture de biens', construction: 'Construction (routes, ponts, bâtiments)', 'construction-other': 'Autres travaux de construction', professional: 'Conseil, services professionnels, techniques, de gestion',
    commission: 'Commission, courtage', rent: 'Loyer, location, crédit-bail', services: 'Autres services', exempt: 'Exonéré', none: 'Non défini (aucune retenue)',
  },
  payeeTypes: { company: 'Société', individual: 'Particulier' },
  fields: { category: 'Catégorie de retenue', payeeType: 'Société ou particulier', small: 'Petit fournisseur (chiffre d’affaires sous 25 M ₦)' },
  preview: {
    base: 'Hors TVA (imposé)', gross: 'Brut', wht: 'Retenue à la source {{rate}}', net: 'Net au fournisseur', authority: 'Versée à {{authority}}', loading: 'Calcul de la retenue…',
    none: 'Aucune retenue sur ce paiement', notes: { 'under-threshold': 'GH¢2 000 ou moins versés à ce fournisseur cette année.', 'no-category': 'Le fournisseur n’a pas de catégorie de retenue.', exempt: 'Le fournisseur est exonéré.', 'small-supplier': 'Petit fournisseur avec TIN, 2 M ₦ ou moins ce mois.', 'no-tin-doubled': 'Sans TIN : taux doublé.', 'no-rate': 'Aucun taux pour cette catégorie.', paid: 'Déjà payé.' },
  },
  schedule: {
    title: 'État des retenues à la source', month: 'Mois', authority: 'Administration', dueBy: '{{authority}} : {{amount}} à verser avant le {{date}}', csv: 'Télécharger CSV', xlsx: 'Télécharger XLSX',
    empty: 'Aucune retenue ce mois-ci', emptyBody: 'Donnez une catégorie de retenue aux fournisseurs ; la retenue est faite quand un paiement est enregistré comme payé.',
    vendor: 'Fournisseur', tin: 'TIN', invoice: 'Facture', base: 'Hors TVA', gross: 'Brut', rate: 'Taux', wht: 'Retenue', paidDate: 'Payé',
  },
  ageing: {
    title: 'Balance âgée fournisseurs', asOf: 'Au', vendor: 'Fournisseur', current: 'Non échu', d1to30: '1–30 jours', d31to60: '31–60 jours', d61to90: '61–90 jours', over90: 'Plus de 90 jours', total: 'Total',
    empty: 'Rien à payer', emptyBody: 'Les factures non payées ou non planifiées en totalité apparaissent ici selon leur retard.', invoices: 'Factures de {{vendor}}', days: '{{days}} jours de retard',
  },
  print: { order: 'Imprimer la commande', grn: 'Imprimer le bon de réception', advice: 'Avis de paiement', receipt: 'Attestation de retenue', failed: 'Le document n’a pas pu être téléchargé' },
};
