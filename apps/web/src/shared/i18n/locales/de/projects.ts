import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/projects.ts';

export const messages: TDict<typeof en> = {
  list: {
    title: 'Projektkalkulation',
    description: 'Vertrag, Budget, Obligo und Ist-Kosten, Abrechnung, Zahlungen und Marge jedes Projekts.',
    label: 'Projekte mit ihren Kalkulationszahlen',
    emptyTitle: 'Noch keine Projekte',
    emptyBody: 'Legen Sie ein Projekt unter „Projekte“ (oder „Orte“) an; seine Kosten aus Bestellungen, Lager, Fuhrpark, Energie, Lohn und Kostenbelegen laufen hier zusammen.',
    loadFailed: 'Die Projekte konnten nicht geladen werden.',
  },
  open: 'Projektkosten',
  openNamed: 'Kosten von {{project}} öffnen',
  back: 'Alle Projekte',
  loadFailed: 'Die Kosten dieses Projekts konnten nicht geladen werden.',
  cards: {
    contractValue: 'Auftragswert', billed: 'Abgerechnet', paid: 'Bezahlt', actual: 'Ist-Kosten', committed: 'Obligo', margin: 'Marge',
    marginCaption: 'Abgerechnet − Ist-Kosten{{percent}}', notSet: 'Nicht festgelegt', retention: 'Einbehalt {{amount}}', wht: 'Quellensteuer {{amount}}',
    forecast: 'Prognose bei Fertigstellung {{amount}}',
  },
  columns: {
    project: 'Projekt', category: 'Kategorie', budget: 'Budget', committed: 'Obligo', actual: 'Ist', forecast: 'Prognose', variance: 'Abweichung',
    contractValue: 'Auftragswert', billed: 'Abgerechnet', paid: 'Bezahlt', margin: 'Marge', number: 'Nummer', date: 'Datum', gross: 'Bruttoleistung',
    retention: 'Einbehalt', wht: 'Quellensteuer', other: 'Sonstige Abzüge', net: 'Netto fällig', status: 'Status', actions: 'Aktionen', description: 'Beschreibung',
    source: 'Quelle', stage: 'Stufe', amount: 'Betrag', site: 'Baustelle', reference: 'Referenz', month: 'Monat',
  },
  categories: {
    materials: 'Material', labour: 'Lohn', subcontract: 'Nachunternehmer', 'plant-fuel': 'Geräte und Kraftstoff', transport: 'Transport', energy: 'Energie',
    overheads: 'Gemeinkosten', other: 'Sonstiges',
  },
  sources: {
    'cost-record': 'Kostenbeleg', 'expense-claim': 'Spesenantrag', 'purchase-order': 'Bestellung', 'stock-use': 'Lagerverbrauch', 'stock-transfer': 'Lagerumbuchung',
    'fleet-fuel': 'Fuhrpark-Kraftstoff', 'fleet-maintenance': 'Fuhrpark-Wartung', 'fleet-booking': 'Fuhrpark-Buchung', energy: 'Energie', payroll: 'Lohnabrechnung', 'credit-note': 'Gutschrift',
  },
  stages: { committed: 'Obligo', actual: 'Ist' },
  status: { billed: 'Abgerechnet', 'part-paid': 'Teilweise bezahlt', paid: 'Bezahlt' },
  budget: {
    title: 'Budget nach Kategorie', total: 'Summe', edit: 'Budget bearbeiten', forecastRule: 'Prognose bei Fertigstellung = Ist + Obligo, oder das Budget, wenn es höher ist.',
    noLines: 'Noch kein Budget nach Kategorie: Das Gesamtbudget des Projekts gilt. Bearbeiten Sie das Budget, um es je Kategorie festzulegen.',
    dialogTitle: 'Budget nach Kategorie', dialogDescription: 'Beträge in {{currency}}. Eine leere Kategorie hat kein Budget.', saved: 'Budget gespeichert',
  },
  contract: {
    edit: 'Vertrag und Sätze', dialogTitle: 'Vertrag und Sätze', dialogDescription: 'Der mit dem Kunden vereinbarte Wert, sein Einbehalt und die Quellensteuer, die er von jeder Abschlagsrechnung abzieht.',
    value: 'Auftragswert', retention: 'Einbehalt (%)', wht: 'Quellensteuer (%)', percentHelp: 'Ein Prozentsatz von 0 bis 100, etwa 5 oder 2.5', saved: 'Vertrag gespeichert',
    rates: 'Einbehalt {{retention}} %, Quellensteuer {{wht}} %',
  },
  certificates: {
    title: 'Abschlagsrechnungen und Aufmaße', add: 'Abschlagsrechnung hinzufügen', emptyTitle: 'Noch keine Abschlagsrechnungen',
    emptyBody: 'Fügen Sie die erste vom Kunden bestätigte Abschlagsrechnung hinzu; Einbehalt und Quellensteuer werden aus den Sätzen des Projekts berechnet.',
    dialogTitle: 'Abschlagsrechnung hinzufügen', dialogDescription: 'Einbehalt {{retention}} % und Quellensteuer {{wht}} % der Bruttoleistung, sofern Sie keine anderen Beträge eingeben.',
    number: 'Rechnungsnummer', date: 'Rechnungsdatum', gross: 'Bruttoleistung', retention: 'Einbehalt', wht: 'Vom Kunden abgezogene Quellensteuer',
    other: 'Sonstige Abzüge', note: 'Notiz', autoHelp: 'Leer: {{amount}} nach dem Projektsatz', preview: 'Netto fällig {{net}} (brutto {{gross}} − Einbehalt {{retention}} − Quellensteuer {{wht}} − sonstige {{other}})',
    previewEmpty: 'Geben Sie die Bruttoleistung ein, um den fälligen Nettobetrag zu sehen.', saved: 'Abschlagsrechnung hinzugefügt',
    pay: 'Zahlung erfassen', payTitle: 'Zahlung zu Abschlagsrechnung {{number}}', payDescription: 'Noch {{outstanding}} von {{net}} fällig.', amount: 'Erhaltener Betrag', paidOn: 'Erhalten am', paid: 'Zahlung erfasst',
    label: 'Abschlagsrechnungen von {{project}}',
    editTitle: 'Abschlagsrechnung {{number}} bearbeiten', save: 'Abschlagsrechnung speichern', updated: 'Abschlagsrechnung gespeichert', editLabel: 'Abschlagsrechnung {{number}} bearbeiten',
    editPaid: 'Der Kunde hat darauf bereits {{paid}} gezahlt: Der fällige Nettobetrag darf nicht darunter sinken.',
    delete: 'Abschlagsrechnung löschen', deleteLabel: 'Abschlagsrechnung {{number}} löschen', deleteTitle: 'Abschlagsrechnung {{number}} löschen?',
    deleteBody: 'Abschlagsrechnung {{number}} ({{gross}} brutto) wird aus den abgerechneten Beträgen, dem Einbehalt und der Quellensteuer des Projekts entfernt. Das kann nicht rückgängig gemacht werden.',
    deleteBlocked: 'Zu dieser Abschlagsrechnung sind Zahlungen erfasst, daher kann sie nicht gelöscht werden. Bearbeiten Sie sie stattdessen, um sie zu korrigieren.',
    deleteBlockedLabel: 'Abschlagsrechnung {{number}} löschen: nicht möglich, es sind Zahlungen erfasst', deleted: 'Abschlagsrechnung gelöscht',
  },
  months: { title: 'Kosten nach Monat', empty: 'Noch keine Kosten.', label: 'Kosten nach Monat' },
  sourcesTitle: 'Kosten nach Quelle',
  sourceLine: '{{count}} Buchungen',
  entries: {
    title: 'Kostenbuchungen', label: 'Kostenbuchungen von {{project}}', all: 'Alle', open: 'Quelle öffnen',
    emptyTitle: 'Keine Kostenbuchungen',
    emptyBody: 'Kosten kommen hierher aus Kostenbelegen, freigegebenen Bestellungen, Wareneingängen, Lagerverbrauch auf den Baustellen, Fuhrpark, Energie und Lohn.',
    emptyFiltered: 'Keine Buchungen passen zu diesen Filtern.',
  },
  notFound: 'Dieses Projekt wurde nicht gefunden.',
};
