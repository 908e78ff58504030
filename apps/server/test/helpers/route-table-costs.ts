import type { TSeed } from './seed.ts';
import type { TRouteCase } from './route-table.ts';
import { PNG_1PX, multipart } from './test-app.ts';

const P = ['Projects-access'];
const row = () => ({ description: 'Probe diesel', category: 'Fuel', amount: '1200.50', date: '2026-02-01' });
const project = (a: TSeed) => ({ email: a.owner.user.email, tagName: a.costs.tagName });
const recordParam = (a: TSeed) => ({ id: a.costs.recordId });
const page = () => ({ page: '1', limit: '10' });
const sheet = () => multipart([{ name: 'file', filename: 'costs.csv', contentType: 'text/csv', data: Buffer.from('Date,Description,Category,Amount\n2026-01-02,Diesel,Fuel,1500\n') }]);
const file = (name: string, data: Buffer, contentType: string) => multipart([{ name: 'file', filename: name, contentType, data }]);

/** Project costs, backlog, payments, OCR and summaries (features/costs, features/ocr). */
export const COST_ROUTES: Record<string, TRouteCase> = {
  'POST /api/v1/cost/overhead-cost': { access: P, crossTenant: 'denied', body: (a) => ({ ...project(a), employeeName: 'Probe', projectDescription: 'd', projectScope: 's', records: [row()] }), optionalFields: ['projectDescription', 'projectScope'] },
  'GET /api/v1/cost/records/:email/:tag': { access: P, crossTenant: 'denied' },
  'GET /api/v1/cost/all-records/:email': { access: P, crossTenant: 'denied', query: page, optionalFields: ['page', 'limit'] },
  'GET /api/v1/cost/filtered-record/:email/:tag': { access: P, crossTenant: 'denied', query: page, optionalFields: ['page', 'limit'] },
  'POST /api/v1/cost/backlog': { access: P, crossTenant: 'denied', body: (a) => ({ ...project(a), formattedData: [row()], projectDescription: 'd', projectScope: 's' }), optionalFields: ['projectDescription', 'projectScope'] },
  'POST /api/v1/cost/backlog-hashes': { access: P, crossTenant: 'denied', body: (a) => ({ ...project(a), formattedData: [row()], hashes: ['a'.repeat(64)], projectDescription: 'd', projectScope: 's' }), optionalFields: ['projectDescription', 'projectScope'] },
  'POST /api/v1/cost/categorybacklog': { access: P, crossTenant: 'denied', body: (a) => ({ ...project(a), employeeName: 'Probe', entries: [row()] }) },
  'POST /api/v1/cost/add-payment': { access: P, crossTenant: 'denied', body: (a) => ({ ...project(a), newPaymentEntry: { amount: '5000', date: '2026-02-01' } }) },
  'GET /api/v1/cost/fetch-project-payment': { access: P, crossTenant: 'denied', query: (a) => ({ email: a.owner.user.email }) },
  'PUT /api/v1/cost/update-record': { access: P, crossTenant: 'denied', body: (a) => ({ id: a.costs.recordId, category: 'Transport' }), optionalFields: ['category'] },
  'DELETE /api/v1/cost/delete-record/:id': { access: P, crossTenant: 'denied', params: recordParam },
  'DELETE /api/v1/cost/payments/:id': { access: P, crossTenant: 'denied', params: (a) => ({ id: a.costs.paymentId }) },
  'POST /api/v1/cost/group-delete': { access: P, crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email, recordIds: [a.costs.recordId] }) },
  'GET /api/v1/cost/projects/:email': { access: ['Projects-access', 'Management-access'], crossTenant: 'denied', query: () => ({ dept: 'default' }), optionalFields: ['dept'] },
  'PUT /api/v1/cost/project': { access: P, crossTenant: 'denied', body: (a) => ({ ...project(a), dept: 'Operations' }), optionalFields: ['dept'] },
  'GET /api/v1/cost/management/:email': { access: ['Management-access', 'Projects-access'], crossTenant: 'denied', query: () => ({ dept: 'default' }), optionalFields: ['dept'] },
  'POST /api/v1/cost/backlog-preview': {
    access: P, crossTenant: 'own-business', form: sheet,
    malformedForms: () => [
      file('empty.csv', Buffer.alloc(0), 'text/csv'), file('header.csv', Buffer.from('Date,Amount\n'), 'text/csv'), file('photo.csv', PNG_1PX, 'text/csv'),
      file('blank.csv', Buffer.from('\n\n\n'), 'text/csv'), file('nul.csv', Buffer.from('Date,Amount\n2026-01-01,1\u0000\n'), 'text/csv'),
      file('latin1.csv', Buffer.from([0x44, 0x0a, 0xe9, 0xff, 0xfe, 0x0a]), 'text/csv'), file('doc.xlsx', Buffer.from('%PDF-1.4\n%%EOF'), 'application/pdf'),
      file('program.csv', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'text/csv'),
      file('wide.csv', Buffer.from(`${Array.from({ length: 60 }, (_, i) => `c${i}`).join(',')}\n${Array.from({ length: 60 }, () => '1').join(',')}\n`), 'text/csv'),
      file('big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'text/csv'),
      file('zip.xlsx', Buffer.from('504b030414000000080000000000000000000000000000000000050000006e6f7465730300', 'hex'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      file('quotes.csv', Buffer.from('Date,Amount\n"2026-01-01,1\n'), 'text/csv'),
    ],
  },
  'POST /api/v1/filybee/ocr-sdk': {
    access: P, crossTenant: 'own-business', form: () => file('r.png', PNG_1PX, 'image/png'),
    malformedForms: () => [
      file('doc.txt', Buffer.from('just text'), 'text/plain'), file('fake.pdf', Buffer.from('%PDF-1.4\nbroken'), 'application/pdf'),
      file('empty.png', Buffer.alloc(0), 'image/png'), file('cut.png', PNG_1PX.subarray(0, 20), 'image/png'),
      file('program.png', Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), 'image/png'),
      file('zip.pdf', Buffer.from('504b0304140000000800000000000000', 'hex'), 'application/pdf'),
      file('huge.png', Buffer.concat([PNG_1PX.subarray(0, 16), Buffer.from('00004e2000004e20', 'hex'), PNG_1PX.subarray(24)]), 'image/png'),
      file('gif.gif', Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'), 'image/gif'),
      file('svg.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/png'),
      file('html.pdf', Buffer.from('<!doctype html><html></html>'), 'application/pdf'),
      file('big.png', Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1024 * 1024)]), 'image/png'),
      file('webp.webp', Buffer.from('524946461a000000574542505650384c0d0000002f0000', 'hex'), 'image/webp'),
      file('jpeg.jpg', Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'), 'image/jpeg'),
    ],
  },
  // reports
  'GET /api/v1/openAi/response-one/:email/:tag/:country': { access: ['Projects-access', 'Management-access'], crossTenant: 'denied', params: (a) => ({ email: a.owner.user.email, tag: a.costs.tagName, country: 'NG' }) },
  'GET /api/v1/openAi/response-all/:email/:business/:country': { access: ['Projects-access', 'Management-access'], crossTenant: 'denied', params: (a) => ({ email: a.owner.user.email, business: a.businessName, country: 'NG' }) },
  'POST /api/v1/openAi/running-cost-response': {
    access: ['Projects-access', 'Management-access'], crossTenant: 'denied',
    body: (a) => ({ email: a.owner.user.email, projectTitle: 'Tower', country: 'NG', TotalOverheadExpenses: '15000.50', CurrentWorkLevel: '40%', tagName: a.costs.tagName }),
  },
  'GET /api/v1/openAi/reports/:email': { access: ['Projects-access', 'Management-access'], crossTenant: 'denied', query: (a) => ({ tagName: a.costs.tagName }), optionalFields: ['tagName'] },
  'GET /api/v1/dashboard/figures': { access: ['user'], crossTenant: 'own-business', noInput: "figures of the caller's own business; takes no input" },
  // announcements (/blog)
  'GET /api/v1/blog/posts': { access: ['user'], crossTenant: 'own-business', query: () => ({ page: '1', limit: '10' }), optionalFields: ['page', 'limit'] },
  'POST /api/v1/blog/posts': { access: ['Settings-access'], crossTenant: 'own-business', body: () => ({ title: 'Probe notice', body: 'Probe body' }) },
  'DELETE /api/v1/blog/posts/:id': { access: ['Settings-access'], crossTenant: 'denied', params: (a) => ({ id: a.costs.announcementId }) },
  'POST /api/v1/filybee/save-summary': { access: P, crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email, summary: 'Receipt from Probe Stores, total 1,200.50' }) },
};
