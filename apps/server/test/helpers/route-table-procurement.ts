import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';
import { badImportSheets, importForm } from './route-table-imports.ts';

const unique = () => Math.random().toString(36).slice(2, 10);
const p = (a: TSeed) => a.procurement;
const orderParam = (a: TSeed) => ({ id: p(a).orderId });
const vendorParam = (a: TSeed) => ({ id: p(a).vendorId });
const clientParam = (a: TSeed) => ({ id: p(a).clientId });
const line = (a: TSeed) => ({ lineId: p(a).orderLineId, quantity: 1 });
const TOKEN = 'A'.repeat(43);

/** Routes of the approvals, vendors and orders features (merged into ROUTES). */
const vendorForm = importForm(() => `Name,Email\nProbe ${unique()} Ltd,probe@example.com\n`);
const badVendorSheets = badImportSheets({ header: 'Name,Email', row: 'Probe Ltd,probe@example.com', withoutRequired: 'Email,Phone\nprobe@example.com,0803' });

export const PROCUREMENT_ROUTES: Record<string, TRouteCase> = {
  'POST /api/v1/vendors/import/preview': { access: ['Procurement-access'], crossTenant: 'own-business', form: vendorForm, malformedForms: badVendorSheets, optionalFields: ['language'] },
  'POST /api/v1/vendors/import': { access: ['Procurement-access'], crossTenant: 'own-business', form: vendorForm, malformedForms: badVendorSheets, optionalFields: ['language'] },
  'GET /api/v1/vendors/import/:jobId': { access: ['Procurement-access'], crossTenant: 'denied', params: (a) => ({ jobId: p(a).importJobId }) },
  'POST /api/v1/orders/create-approvals': {
    access: ['Settings-access', 'Approvals-access'], crossTenant: 'denied',
    body: (a) => ({ ownerEmail: a.owner.user.email, userId: [a.owner.user._id], serviceName: 'payment', totalApprovalsRequired: 1 }),
  },
  'PUT /api/v1/orders/update-approval-statusV2': {
    access: ['Approvals-access'], crossTenant: 'denied',
    body: (a) => ({ orderId: a.owner.user.businessId, ownerEmail: a.owner.user.email, service: 'purchase-order', userId: a.owner.user._id, approvalStatus: 'approved' }),
    optionalFields: ['approvalStatus'],
  },
  'GET /api/v1/orders/approvals': { access: ['Approvals-access'], crossTenant: 'own-business', query: () => ({ view: 'all', page: '1', limit: '10' }), optionalFields: ['view', 'page', 'limit'] },
  'GET /api/v1/orders/approval-rules': { access: ['Approvals-access', 'Settings-access'], crossTenant: 'own-business', noInput: "the caller's business's rules; takes no input" },
  'GET /api/v1/approvals/inbox': { access: ['user'], crossTenant: 'own-business', query: () => ({ kind: 'purchase-order', page: '1', limit: '10' }), optionalFields: ['kind', 'page', 'limit'] },
  'GET /api/v1/approvals/inbox/:kind/:subjectId': { access: ['user'], crossTenant: 'denied', params: (a) => ({ kind: 'purchase-order', subjectId: p(a).orderId }) },
  'PUT /api/v1/approvals/inbox/:kind/:subjectId/decision': {
    access: ['user'], crossTenant: 'denied', params: (a) => ({ kind: 'purchase-order', subjectId: p(a).orderId }),
    body: () => ({ decision: 'rejected', comment: 'probe' }), optionalFields: ['comment', 'truckId'],
  },
  // Approval chains (issue 33): who decides leave (per type), expense claims and attendance corrections.
  'GET /api/v1/approvals/policies': { access: ['HR-access', 'Settings-access'], crossTenant: 'own-business', noInput: "the caller's business's policies; takes no input" },
  'PUT /api/v1/approvals/policies': {
    access: ['HR-access', 'Settings-access'], crossTenant: 'denied',
    body: (a) => ({ service: 'leave', leaveTypeId: a.time.leaveTypeId, steps: [{ approvers: 'line-manager', required: 1 }, { approvers: 'hr', required: 1 }], autoApproveBelowDays: 2 }),
    // null: no leave type (the leave policy) / never automatic; 42 days is a valid threshold.
    optionalFields: ['leaveTypeId', 'autoApproveBelowDays'], validValues: { leaveTypeId: [null], autoApproveBelowDays: [null, 42] },
  },
  'DELETE /api/v1/approvals/policies': {
    access: ['HR-access', 'Settings-access'], crossTenant: 'denied',
    query: (a) => ({ service: 'leave', leaveTypeId: a.time.leaveTypeId }), optionalFields: ['leaveTypeId'],
  },
  // orders
  'POST /api/v1/orders/add-orders': { access: ['Procurement-access'], crossTenant: 'denied', body: (a) => ({ vendorId: p(a).vendorId, lines: [{ item: 'Probe', unit: 'piece', quantity: 1, unitPrice: '10' }] }) },
  'POST /api/v1/orders/add-standing': { access: ['Procurement-access'], crossTenant: 'denied', body: (a) => ({ vendorId: p(a).vendorId, description: 'Probe', ceiling: '1000', validFrom: '2026-01-01', validTo: '2026-12-31' }) },
  'GET /api/v1/orders/get-orders/:email': { access: ['Procurement-access', 'Approvals-access', 'Accounts-access'], crossTenant: 'denied', query: () => ({ status: 'all', page: '1', limit: '10' }), optionalFields: ['status', 'page', 'limit'] },
  'POST /api/v1/orders/order': { access: ['Procurement-access', 'Approvals-access', 'Accounts-access'], crossTenant: 'denied', body: (a) => ({ invoiceNumber: p(a).orderNumber, ownerEmail: a.owner.user.email }) },
  'GET /api/v1/orders/detail/:id': { access: ['Procurement-access', 'Approvals-access', 'Accounts-access'], crossTenant: 'denied', params: orderParam },
  'PUT /api/v1/orders/grn-update': { access: ['Procurement-access', 'Inventory-access'], crossTenant: 'denied', body: (a) => ({ grnData: { orderId: p(a).orderId, receivedDate: '2026-02-01', receiver: 'Probe', lines: [line(a)] } }) },
  'PUT /api/v1/orders/standing-po-update': { access: ['Procurement-access'], crossTenant: 'denied', body: (a) => ({ orderId: p(a).standingId, amount: '10', description: 'Probe', date: '2026-02-01' }) },
  'PUT /api/v1/orders/update-approval-status': { access: ['Approvals-access', 'Procurement-access'], crossTenant: 'denied', body: (a) => ({ orderId: p(a).orderId, approvalStatus: 'rejected', POType: 'regular', reason: 'probe' }), optionalFields: ['reason'] },
  'DELETE /api/v1/orders/cancel/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: orderParam },
  // Order amendment: a new revision that goes back for approval; its history readable by whoever reads the order.
  'POST /api/v1/orders/:id/amend': {
    access: ['Procurement-access'], crossTenant: 'denied', params: orderParam,
    body: (a) => ({ reason: 'Probe', lines: [{ lineId: p(a).orderLineId, quantity: 2, unitPrice: '10' }] }), optionalFields: ['expectedDate', 'notes'],
  },
  'GET /api/v1/orders/:id/revisions': { access: ['Procurement-access', 'Approvals-access', 'Accounts-access'], crossTenant: 'denied', params: orderParam },
  'POST /api/v1/orders/invoices': { access: ['Accounts-access', 'Procurement-access'], crossTenant: 'denied', body: (a) => ({ orderId: p(a).orderId, invoiceNumber: `INV-${unique()}`, invoiceDate: '2026-02-01', lines: [{ ...line(a), unitPrice: '2500.50' }] }) },
  'GET /api/v1/orders/invoices/:email': { access: ['Accounts-access', 'Procurement-access'], crossTenant: 'denied' },
  'POST /api/v1/orders/schedule-payment': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ orderId: p(a).orderId, amount: '1', dueDate: '2026-03-01' }) },
  'GET /api/v1/orders/payment-details/:email': { access: ['Accounts-access', 'Procurement-access'], crossTenant: 'denied' },
  'POST /api/v1/orders/payment-track': { access: ['Accounts-access'], crossTenant: 'denied', body: (a) => ({ paymentId: p(a).orderId, paidDate: '2026-03-01', method: 'bank-transfer' }) },
  'GET /api/v1/orders/settings': { access: ['Procurement-access', 'Approvals-access', 'Accounts-access'], crossTenant: 'own-business', noInput: "the caller's business's rates; takes no input" },
  'PUT /api/v1/orders/settings': { access: ['Settings-access'], crossTenant: 'own-business', body: () => ({ vatRate: '7.5', levyRate: '0' }) },
  'GET /api/v1/orders/summary': { access: ['Procurement-access', 'Management-access'], crossTenant: 'own-business', noInput: "the caller's business's figures; takes no input" },
  // vendors
  'POST /api/v1/vendors/add-vendors': { access: ['Procurement-access'], crossTenant: 'own-business', body: () => ({ name: `Probe ${unique()}` }) },
  'GET /api/v1/vendors/fetch-vendors/:email': { access: ['Procurement-access', 'Accounts-access'], crossTenant: 'denied' },
  'PUT /api/v1/vendors/update/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: vendorParam, body: (a) => ({ name: `${a.businessName} Supplies` }) },
  'DELETE /api/v1/vendors/delete/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: vendorParam },
  'GET /api/v1/vendors/clients': { access: ['Procurement-access'], crossTenant: 'own-business', noInput: "the caller's business's clients; takes no input" },
  'POST /api/v1/vendors/clients': { access: ['Procurement-access'], crossTenant: 'own-business', body: () => ({ name: `Probe ${unique()}`, kind: 'contractor' }) },
  'PUT /api/v1/vendors/clients/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: clientParam, body: (a) => ({ name: `${a.businessName} Client`, kind: 'client' }) },
  'DELETE /api/v1/vendors/clients/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: clientParam },
  'POST /api/v1/vendors/add-boq': { access: ['Procurement-access'], crossTenant: 'own-business', body: () => ({ contractId: `P-${unique()}`, businessName: 'Probe', projectTitle: 'Probe', lines: [{ item: 'Sand', quantity: '2.5', unit: 'tonne' }] }) },
  'GET /api/v1/vendors/fetch-boq-entry/:email': { access: ['Procurement-access'], crossTenant: 'denied' },
  'GET /api/v1/vendors/fetch-boq/:contract': { access: ['Procurement-access'], crossTenant: 'denied' },
  'DELETE /api/v1/vendors/deleteBOQ/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: (a) => ({ id: p(a).boqId }) },
  'POST /api/v1/vendors/send-to-contractor': { access: ['Procurement-access'], crossTenant: 'denied', body: (a) => ({ email: 'contractor@probe.example', contractId: p(a).contractId, businessName: 'Probe', projectTitle: 'Probe' }) },
  'POST /api/v1/vendors/quote-invitation': { access: 'public', crossTenant: 'public', body: (a) => ({ contractId: p(a).contractId, token: TOKEN }) },
  'POST /api/v1/vendors/submit-quote': { access: 'public', crossTenant: 'public', body: (a) => ({ contractId: p(a).contractId, token: TOKEN, contractorName: 'Probe', lines: [{ lineId: p(a).boqLineId, unitPrice: '1' }] }) },
  'POST /api/v1/vendors/upload-quotes/:email': { access: ['Procurement-access'], crossTenant: 'denied', body: (a) => ({ email: 'probe@quotes.example', quotesData: { contractId: p(a).contractId, contractorName: 'Probe', lines: [{ lineId: p(a).boqLineId, unitPrice: '1' }] } }) },
  'GET /api/v1/vendors/fetch-quotes/:email': { access: ['Procurement-access'], crossTenant: 'denied' },
  'POST /api/v1/vendors/award-quote/:id': { access: ['Procurement-access'], crossTenant: 'denied', params: (a) => ({ id: p(a).quoteId }) },
};
