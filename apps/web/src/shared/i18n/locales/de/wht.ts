import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/wht.ts';

export const messages: TDict<typeof en> = {
  categories: {
    goods: 'Warenlieferung', construction: 'Bau (Straßen, Brücken, Gebäude)', 'construction-other': 'Sonstige Bauleistungen', professional: 'Beratung, freiberufliche, technische Leistungen, Management',
    commission: 'Provision, Maklergebühr', rent: 'Miete, Pacht, Leasing', services: 'Sonstige Dienstleistungen', exempt: 'Befreit', none: 'Nicht gesetzt (kein Einbehalt)',
  },
  payeeTypes: { company: 'Unternehmen', individual: 'Einzelperson' },
  fields: { category: 'Quellensteuer-Kategorie', payeeType: 'Unternehmen oder Einzelperson', small: 'Kleiner Lieferant (Umsatz unter ₦25 Mio.)' },
  preview: {
    base: 'Ohne MwSt. (besteuert)', gross: 'Brutto', wht: 'Quellensteuer {{rate}}', net: 'Netto an den Lieferanten', authority: 'Abzuführen an {{authority}}', loading: 'Quellensteuer wird berechnet…',
    none: 'Keine Quellensteuer auf diese Zahlung', notes: { 'under-threshold': 'Höchstens GH¢2.000 an diesen Lieferanten in diesem Jahr.', 'no-category': 'Der Lieferant hat keine Quellensteuer-Kategorie.', exempt: 'Der Lieferant ist befreit.', 'small-supplier': 'Kleiner Lieferant mit TIN, höchstens ₦2 Mio. in diesem Monat.', 'no-tin-doubled': 'Keine TIN: doppelter Satz.', 'no-rate': 'Kein Satz für diese Kategorie.', paid: 'Bereits bezahlt.' },
  },
  schedule: {
    title: 'Quellensteuer-Aufstellung', month: 'Monat', authority: 'Behörde', dueBy: '{{authority}}: {{amount}} fällig bis {{date}}', csv: 'CSV herunterladen', xlsx: 'XLSX herunterladen',
    empty: 'In diesem Monat keine Quellensteuer einbehalten', emptyBody: 'Geben Sie Lieferanten eine Quellensteuer-Kategorie; die Steuer wird einbehalten, wenn eine Zahlung als bezahlt erfasst wird.',
    vendor: 'Lieferant', tin: 'TIN', invoice: 'Rechnung', base: 'Ohne MwSt.', gross: 'Brutto', rate: 'Satz', wht: 'Quellensteuer', paidDate: 'Bezahlt',
  },
  ageing: {
    title: 'Fälligkeitsanalyse Verbindlichkeiten', asOf: 'Stichtag', vendor: 'Lieferant', current: 'Nicht fällig', d1to30: '1–30 Tage', d31to60: '31–60 Tage', d61to90: '61–90 Tage', over90: 'Über 90 Tage', total: 'Gesamt',
    empty: 'Nichts offen', emptyBody: 'Rechnungen, die nicht vollständig bezahlt oder geplant sind, erscheinen hier nach Verzug.', invoices: 'Rechnungen von {{vendor}}', days: '{{days}} Tage überfällig',
  },
  print: { order: 'Bestellung drucken', grn: 'Wareneingang drucken', advice: 'Zahlungsavis', receipt: 'Quellensteuerbescheinigung', failed: 'Das Dokument konnte nicht heruntergeladen werden' },
};
