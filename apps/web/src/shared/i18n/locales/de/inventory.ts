import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/inventory.ts';

export const messages: TDict<typeof en> = {
  common: {
    actions: 'Aktionen', save: 'Speichern', cancel: 'Abbrechen', delete: 'Löschen', edit: 'Bearbeiten', none: '—', project: 'Projekt',
    quantity: 'Menge', date: 'Datum', status: 'Status', loading: 'Wird geladen…', loadFailed: 'Diese Liste konnte nicht geladen werden. Bitte gleich noch einmal versuchen.',
    retry: 'Erneut versuchen', confirmDelete: '{{name}} löschen?', confirmDeleteBody: 'Das lässt sich nicht rückgängig machen.', exportCsv: 'CSV exportieren',
    exportXlsx: 'Excel exportieren', purpose: 'Zweck', employeeNumber: 'Personalnummer', reference: 'Referenz',
  },
  import: {
    open: 'Importieren',
    title: 'Artikel importieren',
    intro: 'Laden Sie eine CSV-Datei oder eine Excel-Arbeitsmappe (.xlsx, höchstens 10 MB, 5.000 Zeilen) mit Kopfzeile hoch. Gespeichert wird erst beim Import, und eine Datei mit einer fehlerhaften Zeile importiert gar nichts.',
    columns: 'Spalten nach Überschrift: Project, Name, SKU, Unit, Category, Quantity, Reorder level, Unit cost. Project, Name und Unit sind Pflicht. Quantity ist der Anfangsbestand, gebucht als Wareneingang zum Unit cost (im Zahlenformat Ihrer Sprache). Eine Artikelnummer oder ein Name im selben Projekt, den ein Artikel schon hat, wird abgelehnt: buchen Sie stattdessen einen Wareneingang auf diesen Artikel.',
    phase: { importing: 'Artikel werden gespeichert' },
    created_one: '{{count}} Artikel angelegt',
    created_other: '{{count}} Artikel angelegt',
    server: {
      empty: 'Die Datei hat eine Kopfzeile, aber keine Artikel darunter',
      nothingImported: 'Einige Zeilen enthalten Fehler, daher wurde nichts importiert. Korrigieren Sie sie und laden Sie die Datei erneut hoch.',
      finished: 'Lagerimport abgeschlossen',
    },
  },
  items: {
    title: 'Lager', description: 'Bestand je Projekt mit seinem Wert zum gleitenden Durchschnittspreis. Wareneingang, Ausgabe und Verbrauch direkt in jeder Zeile.',
    add: 'Artikel anlegen', addTitle: 'Lagerartikel anlegen', editTitle: '{{name}} bearbeiten', name: 'Artikelname', sku: 'Artikelnummer', unit: 'Mengeneinheit',
    category: 'Kategorie', reorderLevel: 'Meldebestand', openingQuantity: 'Anfangsbestand', unitCost: 'Preis je Einheit', averageCost: 'Durchschnittspreis',
    stockValue: 'Bestandswert', state: 'Bestandslage', low: 'Nachbestellen', ok: 'Vorrätig', empty: 'Nicht vorrätig', totalValue: 'Gesamter Bestandswert',
    itemCount: 'Artikel', lowCount: 'Am Meldebestand', emptyTitle: 'Noch keine Artikel',
    emptyBody: 'Legen Sie den ersten Artikel mit seinem Anfangsbestand an; jeder weitere Eingang und jede Ausgabe wird protokolliert.', openProject: 'Projekt öffnen',
  },
  move: {
    instock: 'Eingang', outstock: 'Ausgabe', usedstock: 'Verbrauch', titleInstock: '{{name}} einbuchen', titleOutstock: '{{name}} ausgeben',
    titleUsedstock: 'Verbrauch von {{name}} erfassen', available: '{{quantity}} {{unit}} auf Lager', used: 'Verwendet für',
    referenceHelp: 'Bestell- oder Anforderungsnummer: dieselbe Referenz wird nie doppelt gezählt.', deliveryHelp: 'Lieferschein- oder Wareneingangsnummer (optional).',
    unitCostHelp: 'Leer lassen, um zum aktuellen Durchschnittspreis einzubuchen.',
  },
  kinds: { instock: 'Eingang', outstock: 'Ausgabe', usedstock: 'Verbrauch' },
  project: {
    title: 'Bestand von {{tag}}', description: 'Artikel dieses Projekts mit Eingängen, Ausgaben und Verbrauch.', emptyTitle: 'Keine Artikel in diesem Projekt',
    emptyBody: 'Artikel erscheinen hier, sobald sie auf der Lagerseite diesem Projekt zugeordnet sind.', received: 'Eingegangen', issued: 'Ausgegeben', used: 'Verbraucht',
  },
  records: {
    title: 'Lagerbewegungen', description: 'Jede Bestandsbewegung: wer sie erfasst hat, wann, für welches Projekt und mit welcher Referenz.', kind: 'Bewegung',
    all: 'Alle Bewegungen', search: 'Artikel, Referenz, Zweck oder Nummer suchen', from: 'Von', to: 'Bis', item: 'Artikel', balance: 'Bestand danach',
    value: 'Wert', recordedBy: 'Erfasst von', emptyTitle: 'Noch keine Bewegungen', emptyBody: 'Eingänge, Ausgaben und Verbrauch erscheinen hier, sobald sie erfasst sind.',
  },
  requisitions: {
    title: 'Materialanforderungen', description: 'Materialanforderungen aus dem Büro und von den Erfassungsstellen. Genehmigte Anforderungen werden vom Lager ausgegeben.',
    add: 'Neue Anforderung', addTitle: 'Material anfordern', number: 'Nummer', items: 'Artikel', requestedBy: 'Angefordert von', neededBy: 'Benötigt bis',
    approvals: 'Freigaben', approve: 'Freigeben und ausgeben', reject: 'Ablehnen', rejectTitle: '{{number}} ablehnen', reason: 'Begründung', item: 'Artikel',
    addLine: 'Weiteren Artikel hinzufügen', emptyTitle: 'Noch keine Anforderungen', emptyBody: 'Anforderungen aus dem Büro oder von einer Erfassungsstelle erscheinen hier zur Freigabe.',
    statuses: { pending: 'Offen', approved: 'Freigegeben', rejected: 'Abgelehnt', issued: 'Ausgegeben' },
    sources: { office: 'Büro', collector: 'Erfassungsstelle' },
  },
  fleet: {
    title: 'Fahrzeuganforderungen', description: 'Lkw, ihr Zustand und Anforderungen eines Lkw für einen Zeitraum. Die Freigabe bucht einen freien Lkw.',
    trucks: 'Lkw', requisitions: 'Anforderungen', addTruck: 'Lkw hinzufügen', addTruckTitle: 'Lkw zum Fuhrpark hinzufügen', plateNumber: 'Kennzeichen', model: 'Modell',
    capacity: 'Nutzlast', fuelType: 'Kraftstoff', state: 'Zustand', states: { free: 'Frei', assigned: 'Zugeordnet', 'in maintenance': 'In Wartung' },
    fuelTypes: { diesel: 'Diesel', petrol: 'Benzin', gas: 'Gas', electric: 'Elektrisch', hybrid: 'Hybrid' }, assign: 'Projekt zuordnen', release: 'Freigeben',
    assignTitle: '{{plate}} einem Projekt zuordnen', entry: 'Tanken oder Wartung', entryTitle: 'Tanken oder Wartung für {{plate}}', entryKind: 'Eintrag',
    entryKinds: { fuel: 'Tanken', maintenance: 'Wartung' }, endDate: 'Letzter Tag außer Betrieb', litres: 'Liter', cost: 'Kosten', note: 'Notiz',
    fuelCost: 'Kraftstoffkosten', maintenanceCost: 'Wartungskosten', request: 'Lkw anfordern', requestTitle: 'Lkw anfordern', destination: 'Ziel',
    startDate: 'Von', finishDate: 'Bis', truck: 'Lkw', approve: 'Mit Lkw freigeben', approveTitle: 'Freigeben und Lkw buchen', chooseTruck: 'Zu buchender Lkw',
    trucksEmpty: 'Noch keine Lkw', trucksEmptyBody: 'Fügen Sie die Lkw Ihres Fuhrparks hinzu, um sie für Projekte zu buchen.', requestsEmpty: 'Noch keine Lkw-Anforderungen',
    requestsEmptyBody: 'Fordern Sie einen Lkw für ein Projekt und einen Zeitraum an; eine freigebende Person bucht einen freien.',
    statuses: { pending: 'Offen', approved: 'Freigegeben', rejected: 'Abgelehnt' },
  },
  energy: {
    title: 'Energie-Tracker', description: 'Gekaufter Kraftstoff und Strom je Projekt, gemittelt je Monat, mit Warnung, wenn der Preis je Einheit springt.',
    add: 'Energie erfassen', addTitle: 'Kraftstoff oder Strom erfassen', quantity: 'Menge (Liter oder kWh)', expenses: 'Kosten', manager: 'Verantwortlich',
    alertPercent: 'Warnen, wenn der Preis je Einheit mehr steigt als (%)', monthChart: 'Preis je Einheit pro Monat', quantityChart: 'Menge pro Monat',
    projectChart: 'Kosten je Projekt', costPerUnit: 'Preis je Einheit', totalQuantity: 'Menge', totalCost: 'Kosten',
    alert: 'Der Preis je Einheit stieg im {{month}} um {{change}} %, mehr als {{limit}} %.', noAlert: 'In keinem Monat stieg der Preis je Einheit um mehr als {{limit}} %.',
    report: 'Sparbericht schreiben', reportTitle: 'Energiebericht', instructions: 'Worauf soll der Bericht eingehen? (optional)', emptyTitle: 'Noch keine Energieeinträge',
    emptyBody: 'Erfassen Sie Kraftstoff- oder Stromkäufe, um Monatsmittel und Warnungen zu sehen.', movementTitle: 'Energiebewegungen',
    movementDescription: 'Alle Kraftstoff- und Stromeinträge, die neuesten zuerst.', recordedBy: 'Erfasst von', chartLabel: '{{title}}: {{items}}',
  },
  collector: {
    stock: 'Bestand an dieser Stelle', request: 'Material anfordern', recordUse: 'Verbrauch erfassen', myRequisitions: 'Meine Anforderungen',
    requestsEmpty: 'Von dieser Stelle gibt es noch keine Anforderungen.', itemsEmpty: 'Dieser Stelle sind noch keine Artikel zugeordnet. Bitten Sie das Büro, sie zuzuordnen.',
  },
};
