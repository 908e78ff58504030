/**
 * The server's notifications in the reader's language (issue 10): `<messageKey>.title` and `<messageKey>.message`
 * for each key of the contract's NOTIFICATION_TEXTS, with its params; `_one`/`_other` (and French `_many`) by `count`.
 * Loaded with the app shell, so the bell never waits for it.
 */
export const messages = {
  categories: {
    HR: 'HR',
    Accounts: 'Accounts',
    Inventory: 'Inventory',
    Procurement: 'Procurement',
    'General actions': 'General actions',
    'Request Messages': 'Request messages',
    Announcements: 'Announcements',
    Reminders: 'Reminders',
    Fleet: 'Fleet',
    Payroll: 'Payroll',
    System: 'System',
  },
  employees: {
    created: { title: 'New employee', message: '{{name}} ({{number}}) was added' },
    createdInDepartment: { title: 'New employee', message: '{{name}} ({{number}}) was added to {{department}}' },
    removed: { title: 'Employee removed', message: '{{name}} ({{number}}) was removed from the staff list' },
    imported: {
      title: 'Employee import finished',
      message_one: '{{count}} employee imported from {{fileName}}',
      message_other: '{{count}} employees imported from {{fileName}}',
    },
    importedWithSkipped: {
      title: 'Employee import finished',
      message_one: '{{count}} employee imported from {{fileName}}; rows with errors left out: {{skipped}}',
      message_other: '{{count}} employees imported from {{fileName}}; rows with errors left out: {{skipped}}',
    },
  },
  attendance: {
    suspended: { title: 'Suspension', message: '{{name}} is suspended from {{fromDate}} to {{toDate}}' },
    sick: { title: 'Sick', message: '{{name}} is off sick today ({{date}})' },
    checkinToReview: { title: 'Check-in to review', message: "{{name}}'s check-in of {{when}} reached the server {{hours}} hours later; the day is not marked until HR accepts or rejects it" },
    correctionApproved: { title: 'Attendance corrected', message: "{{name}}'s request to correct {{date}} was approved" },
    correctionRejected: { title: 'Attendance correction declined', message: "{{name}}'s request to correct {{date}} was declined: {{reason}}" },
  },
  leave: {
    requested: {
      title: 'Leave request',
      message_one: '{{name}} asked for {{count}} working day of {{leaveType}}, {{startDate}} to {{endDate}}',
      message_other: '{{name}} asked for {{count}} working days of {{leaveType}}, {{startDate}} to {{endDate}}',
    },
    approved: { title: 'Leave approved', message: "{{name}}'s {{leaveType}} {{startDate}} to {{endDate}} was approved" },
    approvedWithReason: { title: 'Leave approved', message: "{{name}}'s {{leaveType}} {{startDate}} to {{endDate}} was approved: {{reason}}" },
    declined: { title: 'Leave declined', message: "{{name}}'s {{leaveType}} {{startDate}} to {{endDate}} was declined" },
    declinedWithReason: { title: 'Leave declined', message: "{{name}}'s {{leaveType}} {{startDate}} to {{endDate}} was declined: {{reason}}" },
    recounted: { title: 'Leave recounted', message: "{{name}}'s {{leaveType}} leave {{startDate}} to {{endDate}} was recounted after a holiday change: {{before}} → {{after}} working days" },
    adjusted: { title: 'Leave adjusted', message: "{{name}}'s {{leaveType}} leave {{year}}, change in days: {{days}} ({{reason}})" },
    accrued: { title: 'Leave accrued', message: "This month's leave has accrued (days per employee): {{earned}}" },
  },
  expenses: {
    approved: { title: 'Expense claim approved', message: "{{name}}'s expense claim {{claim}} of {{amount}} was approved" },
    rejected: { title: 'Expense claim rejected', message: "{{name}}'s expense claim {{claim}} was rejected: {{reason}}" },
    reimbursed: { title: 'Expense claim reimbursed', message: "{{name}}'s expense claim {{claim}} of {{amount}} was paid back" },
  },
  complaints: {
    filed: { title: 'Complaint filed', message: '{{name}} filed a complaint (due {{dueDate}})' },
    filedAnonymous: { title: 'Complaint filed', message: 'A complaint was filed (due {{dueDate}})' },
    resolved: { title: 'Complaint resolved', message: "{{name}}'s complaint was resolved" },
    resolvedAnonymous: { title: 'Complaint resolved', message: 'A complaint was resolved' },
    overdue: { title: 'Complaint overdue', message: 'A complaint due {{dueDate}} is overdue' },
    assigned: { title: 'Complaint assigned', message: 'A complaint was assigned to {{assignee}} (due {{dueDate}})' },
    dueSoon: { title: 'Complaint due soon', message: 'A complaint assigned to {{assignee}} is due on {{dueDate}}' },
  },
  reminders: {
    'probation-end': { title: 'Probation ends', message: "{{name}}'s probation ends on {{date}}" },
    'contract-end': { title: 'Contract ends', message: "{{name}}'s contract ends on {{date}}" },
    'document-expiry': { title: 'Document expires', message: "{{name}}'s document ({{docType}}) expires on {{date}}" },
    birthday: { title: 'Birthday', message: "{{name}}'s birthday is on {{date}}" },
    'work-anniversary': { title: 'Work anniversary', message_one: '{{name}} completes {{count}} year of service on {{date}}', message_other: '{{name}} completes {{count}} years of service on {{date}}' },
    'service-due': { title: 'Service due', message: 'Truck {{name}} is due for service on {{date}}' },
    'insurance-expiry': { title: 'Insurance expires', message: "Truck {{name}}'s insurance expires on {{date}}" },
    'roadworthiness-expiry': { title: 'Roadworthiness expires', message: "Truck {{name}}'s roadworthiness certificate expires on {{date}}" },
    'hackney-permit-expiry': { title: 'Hackney permit expires', message: "Truck {{name}}'s hackney permit expires on {{date}}" },
    'licence-expiry': { title: "Driver's licence expires", message: "The driver's licence for truck {{name}} expires on {{date}}" },
  },
  payroll: {
    computed: {
      title: 'Payroll computed',
      message_one: 'The {{month}} payroll run is computed for {{count}} employee',
      message_other: 'The {{month}} payroll run is computed for {{count}} employees',
    },
    approved: { title: 'Payroll approved', message: 'The {{month}} payroll run was approved by {{by}}' },
    approvalBlocked: { title: 'Payroll cannot be approved', message: 'Nobody else can approve the {{month}} payroll run: allow the owner to approve their own runs (Profile), or give another user Accounts-access and Approvals-access' },
    awaitsOwnApproval: { title: 'Payroll awaits your approval', message: 'The {{month}} payroll run waits for your approval; as you prepared it, give a reason when you approve' },
  },
  approvals: {
    requested: {
      title: 'Approval requested',
      message_one: '{{by}} asks for approval of {{subject}} ({{count}} approval needed)',
      message_other: '{{by}} asks for approval of {{subject}} ({{count}} approvals needed)',
    },
    given: { title: 'Approval given', message: '{{by}} approved {{subject}} ({{approvals}} of {{required}})' },
    approved: { title: 'Request approved', message: '{{subject}} is approved ({{approvals}} of {{required}} approvals)' },
    rejected: { title: 'Request rejected', message: '{{by}} rejected {{subject}}: {{reason}}' },
  },
  appraisals: {
    sent: {
      title: 'Appraisals sent',
      message_one: '{{count}} appraisal form sent for {{department}} ({{period}})',
      message_other: '{{count}} appraisal forms sent for {{department}} ({{period}})',
    },
    forCountersigning: {
      title: 'Appraisals for countersigning',
      message_one: '{{count}} appraisal by {{appraiser}} sent to {{superior}} for countersigning',
      message_other: '{{count}} appraisals by {{appraiser}} sent to {{superior}} for countersigning',
    },
    upwardRequested: {
      title: 'Upward feedback requested',
      message_one: "{{count}} of {{upline}}'s downlines asked for feedback ({{period}})",
      message_other: "{{count}} of {{upline}}'s downlines asked for feedback ({{period}})",
    },
    upwardReceived: { title: 'Upward feedback received', message: 'Feedback on {{name}} was submitted ({{period}})' },
    submitted: { title: 'Appraisal submitted', message: '{{reviewer}} appraised {{name}} ({{period}})' },
    countersigned: { title: 'Appraisal countersigned', message: '{{superior}} countersigned the appraisal of {{name}} ({{period}})' },
    countersignedUnnamed: { title: 'Appraisal countersigned', message: 'The superior countersigned the appraisal of {{name}} ({{period}})' },
  },
  inventory: {
    reorderLevel: { title: 'Reorder level', message: '{{item}} ({{tag}}) is down to {{quantity}} {{unit}}, at or below its reorder level of {{reorderLevel}}' },
  },
  vendors: {
    quoteReceived: { title: 'Quote received', message: '{{contractor}} quoted {{total}} for contract {{contract}} ({{project}})' },
  },
  orders: {
    calledOff: { title: 'Standing order call-off', message: '{{by}} called off {{amount}} on {{order}} ({{left}} left)' },
    goodsReturned: { title: 'Goods returned', message: '{{user}} returned goods on {{order}} to {{vendor}}' },
    goodsReceived: { title: 'Goods received', message: '{{receiver}} received goods on {{order}} from {{vendor}}' },
    invoiceRecorded: { title: 'Invoice recorded', message: 'Invoice {{invoice}} of {{amount}} recorded on {{order}}' },
    paymentMade: { title: 'Payment made', message: '{{amount}} paid to {{vendor}} on {{order}}' },
    cancelled: { title: 'Order cancelled', message: '{{by}} cancelled {{order}} ({{vendor}})' },
    amended: { title: 'Order amended', message: '{{by}} amended {{order}} (revision {{revision}}): {{before}} → {{after}}; it goes back for approval' },
  },
  remittances: {
    upcoming: { title: 'Remittance due soon', message: '{{authority}} {{payee}} for {{period}}: {{amount}} is due by {{dueDate}}' },
    overdue: { title: 'Remittance overdue', message: '{{authority}} {{payee}} for {{period}}: {{amount}} was due on {{dueDate}} and is overdue' },
  },
  backup: {
    failed: { title: 'Backup failed', message: "The scheduled backup could not be written: {{reason}}. Your data is unchanged; check the server's disk or storage settings." },
  },
};
