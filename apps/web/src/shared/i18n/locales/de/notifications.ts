import type { TDict } from '../../types.ts';
import type { messages as en } from '../en/notifications.ts';

export const messages: TDict<typeof en> = {
  categories: {
    HR: 'Personal',
    Accounts: 'Buchhaltung',
    Inventory: 'Lager',
    Procurement: 'Einkauf',
    'General actions': 'Allgemeine Aktionen',
    'Request Messages': 'Anfragen',
    Announcements: 'Ankündigungen',
    Reminders: 'Erinnerungen',
    Fleet: 'Fuhrpark',
    Payroll: 'Lohnabrechnung',
    System: 'System',
  },
  employees: {
    created: { title: 'Neuer Mitarbeiter', message: '{{name}} ({{number}}) wurde angelegt' },
    createdInDepartment: { title: 'Neuer Mitarbeiter', message: '{{name}} ({{number}}) wurde in {{department}} angelegt' },
    removed: { title: 'Mitarbeiter entfernt', message: '{{name}} ({{number}}) wurde aus der Personalliste entfernt' },
    imported: {
      title: 'Mitarbeiterimport abgeschlossen',
      message_one: '{{count}} Mitarbeiter aus {{fileName}} importiert',
      message_other: '{{count}} Mitarbeiter aus {{fileName}} importiert',
    },
    importedWithSkipped: {
      title: 'Mitarbeiterimport abgeschlossen',
      message_one: '{{count}} Mitarbeiter aus {{fileName}} importiert; ausgelassene fehlerhafte Zeilen: {{skipped}}',
      message_other: '{{count}} Mitarbeiter aus {{fileName}} importiert; ausgelassene fehlerhafte Zeilen: {{skipped}}',
    },
  },
  attendance: {
    suspended: { title: 'Suspendierung', message: '{{name}} ist vom {{fromDate}} bis {{toDate}} suspendiert' },
    sick: { title: 'Krankmeldung', message: '{{name}} ist heute krank gemeldet ({{date}})' },
    checkinToReview: { title: 'Check-in prüfen', message: 'Der Check-in von {{name}} vom {{when}} kam {{hours}} Stunden später beim Server an; der Tag bleibt unmarkiert, bis die Personalabteilung ihn annimmt oder ablehnt' },
    correctionApproved: { title: 'Anwesenheit korrigiert', message: 'Der Korrekturantrag von {{name}} für den {{date}} wurde genehmigt' },
    correctionRejected: { title: 'Anwesenheitskorrektur abgelehnt', message: 'Der Korrekturantrag von {{name}} für den {{date}} wurde abgelehnt: {{reason}}' },
  },
  leave: {
    requested: {
      title: 'Urlaubsantrag',
      message_one: '{{name}} beantragt {{count}} Arbeitstag ({{leaveType}}), {{startDate}} bis {{endDate}}',
      message_other: '{{name}} beantragt {{count}} Arbeitstage ({{leaveType}}), {{startDate}} bis {{endDate}}',
    },
    approved: { title: 'Urlaub genehmigt', message: 'Urlaub ({{leaveType}}) von {{name}}, {{startDate}} bis {{endDate}}, wurde genehmigt' },
    approvedWithReason: { title: 'Urlaub genehmigt', message: 'Urlaub ({{leaveType}}) von {{name}}, {{startDate}} bis {{endDate}}, wurde genehmigt: {{reason}}' },
    declined: { title: 'Urlaub abgelehnt', message: 'Urlaub ({{leaveType}}) von {{name}}, {{startDate}} bis {{endDate}}, wurde abgelehnt' },
    declinedWithReason: { title: 'Urlaub abgelehnt', message: 'Urlaub ({{leaveType}}) von {{name}}, {{startDate}} bis {{endDate}}, wurde abgelehnt: {{reason}}' },
    recounted: { title: 'Urlaub neu gezählt', message: 'Der {{leaveType}}-Urlaub von {{name}} vom {{startDate}} bis {{endDate}} wurde nach einer Feiertagsänderung neu gezählt: {{before}} → {{after}} Arbeitstage' },
    adjusted: { title: 'Urlaub korrigiert', message: '{{leaveType}} von {{name}} {{year}}, Änderung in Tagen: {{days}} ({{reason}})' },
    accrued: { title: 'Urlaub angesammelt', message: 'Der Urlaub dieses Monats wurde gutgeschrieben (Tage pro Mitarbeiter): {{earned}}' },
  },
  expenses: {
    approved: { title: 'Spesenabrechnung genehmigt', message: 'Die Spesenabrechnung {{claim}} von {{name}} über {{amount}} wurde genehmigt' },
    rejected: { title: 'Spesenabrechnung abgelehnt', message: 'Die Spesenabrechnung {{claim}} von {{name}} wurde abgelehnt: {{reason}}' },
    reimbursed: { title: 'Spesen erstattet', message: 'Die Spesenabrechnung {{claim}} von {{name}} über {{amount}} wurde erstattet' },
  },
  complaints: {
    filed: { title: 'Beschwerde eingereicht', message: '{{name}} hat eine Beschwerde eingereicht (fällig {{dueDate}})' },
    filedAnonymous: { title: 'Beschwerde eingereicht', message: 'Eine Beschwerde wurde eingereicht (fällig {{dueDate}})' },
    resolved: { title: 'Beschwerde gelöst', message: 'Die Beschwerde von {{name}} wurde gelöst' },
    resolvedAnonymous: { title: 'Beschwerde gelöst', message: 'Eine Beschwerde wurde gelöst' },
    overdue: { title: 'Beschwerde überfällig', message: 'Eine Beschwerde, fällig am {{dueDate}}, ist überfällig' },
    assigned: { title: 'Beschwerde zugewiesen', message: 'Eine Beschwerde wurde {{assignee}} zugewiesen (fällig am {{dueDate}})' },
    dueSoon: { title: 'Beschwerde bald fällig', message: 'Eine Beschwerde für {{assignee}} ist am {{dueDate}} fällig' },
  },
  reminders: {
    'probation-end': { title: 'Probezeit endet', message: 'Die Probezeit von {{name}} endet am {{date}}' },
    'contract-end': { title: 'Vertrag endet', message: 'Der Vertrag von {{name}} endet am {{date}}' },
    'document-expiry': { title: 'Dokument läuft ab', message: 'Ein Dokument von {{name}} ({{docType}}) läuft am {{date}} ab' },
    birthday: { title: 'Geburtstag', message: '{{name}} hat am {{date}} Geburtstag' },
    'work-anniversary': { title: 'Dienstjubiläum', message_one: '{{name}} ist am {{date}} seit {{count}} Jahr im Unternehmen', message_other: '{{name}} ist am {{date}} seit {{count}} Jahren im Unternehmen' },
    'service-due': { title: 'Wartung fällig', message: 'Fahrzeug {{name}} ist am {{date}} zur Wartung fällig' },
    'insurance-expiry': { title: 'Versicherung läuft ab', message: 'Die Versicherung von Fahrzeug {{name}} läuft am {{date}} ab' },
    'roadworthiness-expiry': { title: 'Verkehrstauglichkeit läuft ab', message: 'Die Verkehrstauglichkeit von Fahrzeug {{name}} läuft am {{date}} ab' },
    'hackney-permit-expiry': { title: 'Beförderungserlaubnis läuft ab', message: 'Die Beförderungserlaubnis von Fahrzeug {{name}} läuft am {{date}} ab' },
    'licence-expiry': { title: 'Führerschein läuft ab', message: 'Der Führerschein des Fahrers von Fahrzeug {{name}} läuft am {{date}} ab' },
  },
  payroll: {
    computed: {
      title: 'Lohnabrechnung berechnet',
      message_one: 'Die Lohnabrechnung {{month}} ist für {{count}} Mitarbeiter berechnet',
      message_other: 'Die Lohnabrechnung {{month}} ist für {{count}} Mitarbeiter berechnet',
    },
    approved: { title: 'Lohnabrechnung genehmigt', message: 'Die Lohnabrechnung {{month}} wurde von {{by}} genehmigt' },
    approvalBlocked: { title: 'Lohnabrechnung kann nicht freigegeben werden', message: 'Niemand sonst kann die Lohnabrechnung {{month}} freigeben: erlauben Sie der Inhaberin oder dem Inhaber, eigene Abrechnungen freizugeben (Profil), oder geben Sie einer weiteren Person Accounts-access und Approvals-access' },
    awaitsOwnApproval: { title: 'Lohnabrechnung wartet auf Ihre Freigabe', message: 'Die Lohnabrechnung {{month}} wartet auf Ihre Freigabe; da Sie sie erstellt haben, geben Sie bei der Freigabe einen Grund an' },
  },
  approvals: {
    requested: {
      title: 'Genehmigung angefordert',
      message_one: '{{by}} bittet um Genehmigung von {{subject}} ({{count}} Genehmigung nötig)',
      message_other: '{{by}} bittet um Genehmigung von {{subject}} ({{count}} Genehmigungen nötig)',
    },
    given: { title: 'Genehmigung erteilt', message: '{{by}} hat {{subject}} genehmigt ({{approvals}} von {{required}})' },
    approved: { title: 'Anfrage genehmigt', message: '{{subject}} ist genehmigt ({{approvals}} von {{required}} Genehmigungen)' },
    rejected: { title: 'Anfrage abgelehnt', message: '{{by}} hat {{subject}} abgelehnt: {{reason}}' },
  },
  appraisals: {
    sent: {
      title: 'Beurteilungen versandt',
      message_one: '{{count}} Beurteilungsbogen für {{department}} versandt ({{period}})',
      message_other: '{{count}} Beurteilungsbögen für {{department}} versandt ({{period}})',
    },
    forCountersigning: {
      title: 'Beurteilungen zur Gegenzeichnung',
      message_one: '{{count}} Beurteilung von {{appraiser}} zur Gegenzeichnung an {{superior}} gesandt',
      message_other: '{{count}} Beurteilungen von {{appraiser}} zur Gegenzeichnung an {{superior}} gesandt',
    },
    upwardRequested: {
      title: 'Aufwärts-Feedback angefordert',
      message_one: '{{count}} unterstellte Person von {{upline}} um Feedback gebeten ({{period}})',
      message_other: '{{count}} unterstellte Personen von {{upline}} um Feedback gebeten ({{period}})',
    },
    upwardReceived: { title: 'Aufwärts-Feedback erhalten', message: 'Feedback zu {{name}} wurde abgegeben ({{period}})' },
    submitted: { title: 'Beurteilung abgegeben', message: '{{reviewer}} hat {{name}} beurteilt ({{period}})' },
    countersigned: { title: 'Beurteilung gegengezeichnet', message: '{{superior}} hat die Beurteilung von {{name}} gegengezeichnet ({{period}})' },
    countersignedUnnamed: { title: 'Beurteilung gegengezeichnet', message: 'Die vorgesetzte Person hat die Beurteilung von {{name}} gegengezeichnet ({{period}})' },
  },
  inventory: {
    reorderLevel: { title: 'Meldebestand', message: '{{item}} ({{tag}}) ist auf {{quantity}} {{unit}} gesunken, höchstens beim Meldebestand von {{reorderLevel}}' },
  },
  vendors: {
    quoteReceived: { title: 'Angebot erhalten', message: '{{contractor}} bietet {{total}} für Vertrag {{contract}} ({{project}})' },
  },
  orders: {
    calledOff: { title: 'Abruf aus Rahmenauftrag', message: '{{by}} hat {{amount}} aus {{order}} abgerufen ({{left}} übrig)' },
    goodsReturned: { title: 'Ware zurückgesandt', message: '{{user}} hat Ware aus {{order}} an {{vendor}} zurückgesandt' },
    goodsReceived: { title: 'Ware erhalten', message: '{{receiver}} hat Ware zu {{order}} von {{vendor}} erhalten' },
    invoiceRecorded: { title: 'Rechnung erfasst', message: 'Rechnung {{invoice}} über {{amount}} zu {{order}} erfasst' },
    paymentMade: { title: 'Zahlung geleistet', message: '{{amount}} an {{vendor}} für {{order}} gezahlt' },
    cancelled: { title: 'Bestellung storniert', message: '{{by}} hat {{order}} ({{vendor}}) storniert' },
    amended: { title: 'Bestellung geändert', message: '{{by}} hat {{order}} geändert (Revision {{revision}}): {{before}} → {{after}}; sie geht erneut zur Freigabe' },
  },
  remittances: {
    upcoming: { title: 'Abführung bald fällig', message: '{{authority}} {{payee}} für {{period}}: {{amount}} ist bis {{dueDate}} fällig' },
    overdue: { title: 'Abführung überfällig', message: '{{authority}} {{payee}} für {{period}}: {{amount}} war am {{dueDate}} fällig und ist überfällig' },
  },
  backup: {
    failed: { title: 'Sicherung fehlgeschlagen', message: 'Die geplante Sicherung konnte nicht geschrieben werden: {{reason}}. Ihre Daten sind unverändert; prüfen Sie den Speicherplatz oder die Speichereinstellungen des Servers.' },
  },
};
