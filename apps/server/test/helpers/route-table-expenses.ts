import type { TRouteCase } from './route-table.ts';
import type { TSeed } from './seed.ts';
import { PNG_1PX, multipart } from './test-app.ts';
import { PDF_BYTES } from './seed-people.ts';

/**
 * Expense claims (issue 33 item 5). Portal routes carry the employee's id: the seed's portal token belongs to another
 * employee than `people.employee`, so each probe proves the portal is confined to its own claims. Claim and receipt ids
 * are probed with ids no business holds (404 to everyone); expenses.test.ts proves another employee's real claim is 404.
 */
const employeeParam = (a: TSeed) => ({ employeeId: a.people.employee._id });
const unknownClaim = () => ({ claimId: '7b0e6d7c-2f3a-4c1e-9a55-0c3f1d2e4b6a' });
const unknownReceipt = () => ({ receiptId: '7b0e6d7c-2f3a-4c1e-9a55-0c3f1d2e4b6b' });
const claimBody = () => ({ title: 'Site visit', lines: [{ category: 'travel', date: '2026-01-15', amountMinor: 250_000, description: 'Taxi', vendor: 'City Cabs', projectTag: null, receiptId: null }] });
const lineOptional = ['description', 'vendor', 'projectTag', 'receiptId'];
const receiptForm = () => multipart([{ name: 'file', filename: 'receipt.png', contentType: 'image/png', data: PNG_1PX }]);
/** Files that are not a receipt photo or PDF (judged by their bytes), under the wrong field, or empty. */
const NOT_RECEIPTS: Array<[string, Buffer]> = [
  ['receipt.csv', Buffer.from('a,b\n1,2\n')], ['receipt.txt', Buffer.from('TOTAL 5000')], ['receipt.html', Buffer.from('<html><script>alert(1)</script></html>')],
  ['receipt.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')], ['receipt.exe', Buffer.from('4d5a90000300000004000000ffff0000', 'hex')],
  ['receipt.zip', Buffer.from('504b0304140000000800', 'hex')], ['receipt.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
  ['receipt.png', Buffer.from('not really a png')], ['receipt.pdf', Buffer.from('%PDX-1.4 nope')], ['receipt.jpg', Buffer.from([0x00, 0x01, 0x02, 0x03])],
  ['nul.png', Buffer.alloc(64)], ['receipt.json', Buffer.from('{"total":5000}')], ['receipt.xml', Buffer.from('<?xml version="1.0"?><r/>')],
  ['receipt.mp3', Buffer.from('494433030000000000', 'hex')], ['receipt.ps', Buffer.from('%!PS-Adobe-3.0')], ['receipt.bmp', Buffer.from('BM')],
];
const badReceipts = () => [
  ...NOT_RECEIPTS.map(([filename, data]) => multipart([{ name: 'file', filename, contentType: 'image/png', data }])),
  multipart([{ name: 'photo', filename: 'receipt.pdf', contentType: 'application/pdf', data: PDF_BYTES }]),
  multipart([{ name: 'file', filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) }]),
  multipart([{ name: 'note', value: 'no file at all' }]),
];

export const EXPENSE_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/expenses/claims': {
    access: ['HR-access', 'Accounts-access'], crossTenant: 'own-business',
    query: (a) => ({ status: 'submitted', employeeId: a.people.employee._id, category: 'travel', from: '2026-01-01', to: '2026-12-31' }),
    optionalFields: ['status', 'employeeId', 'category', 'from', 'to'],
  },
  'GET /api/v1/expenses/employee/:employeeId': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam },
  'POST /api/v1/expenses/employee/:employeeId': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam, body: claimBody, optionalFields: lineOptional },
  'POST /api/v1/expenses/employee/:employeeId/receipts': { access: ['HR-access', 'portal'], crossTenant: 'denied', params: employeeParam, form: receiptForm, malformedForms: badReceipts },
  'GET /api/v1/expenses/mine': { access: ['user'], crossTenant: 'own-business', noInput: "the caller's own claims (their employee record by e-mail); takes no input" },
  'POST /api/v1/expenses/mine': { access: ['user'], crossTenant: 'own-business', body: claimBody, optionalFields: lineOptional },
  'POST /api/v1/expenses/mine/receipts': { access: ['user'], crossTenant: 'own-business', form: receiptForm, malformedForms: badReceipts },
  'GET /api/v1/expenses/claims/:claimId': { access: ['user', 'portal'], crossTenant: 'denied', params: unknownClaim },
  'PUT /api/v1/expenses/claims/:claimId': { access: ['user', 'portal'], crossTenant: 'denied', params: unknownClaim, body: claimBody, optionalFields: lineOptional },
  'DELETE /api/v1/expenses/claims/:claimId': { access: ['user', 'portal'], crossTenant: 'denied', params: unknownClaim },
  'POST /api/v1/expenses/claims/:claimId/submit': { access: ['user', 'portal'], crossTenant: 'denied', params: unknownClaim },
  'POST /api/v1/expenses/claims/:claimId/pay': { access: ['Accounts-access'], crossTenant: 'denied', params: unknownClaim, body: () => ({ paidOn: '2026-01-20', reference: 'TRF-1' }) },
  'GET /api/v1/expenses/receipts/:receiptId': { access: ['user', 'portal'], crossTenant: 'denied', params: unknownReceipt },
};
