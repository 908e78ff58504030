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
  'PUT /api/v1/cost/update-record': { access: P, crossTenant: 'denied', body: (a) => ({ id: a.costs.recordId, amount: '16000' }), optionalFields: ['amount'] },
  'DELETE /api/v1/cost/delete-record/:id': { access: P, crossTenant: 'denied', params: recordParam },
  'POST /api/v1/cost/group-delete': { access: P, crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email, recordIds: [a.costs.recordId] }) },
  'GET /api/v1/cost/projects/:email': { access: ['Projects-access', 'Management-access'], crossTenant: 'denied', query: () => ({ dept: 'default' }), optionalFields: ['dept'] },
  'PUT /api/v1/cost/project': { access: P, crossTenant: 'denied', body: (a) => ({ ...project(a), dept: 'Operations', budget: '250000' }), optionalFields: ['dept', 'budget'] },
  'GET /api/v1/cost/management/:email': { access: ['Management-access', 'Projects-access'], crossTenant: 'denied', query: () => ({ dept: 'default' }), optionalFields: ['dept'] },
  'POST /api/v1/cost/backlog-preview': {
    access: P, crossTenant: 'own-business', form: sheet,
    malformedForms: () => [file('empty.csv', Buffer.alloc(0), 'text/csv'), file('header.csv', Buffer.from('Date,Amount\n'), 'text/csv'), file('photo.csv', PNG_1PX, 'text/csv')],
  },
  'POST /api/v1/filybee/ocr-sdk': {
    access: P, crossTenant: 'own-business', form: () => file('r.png', PNG_1PX, 'image/png'),
    malformedForms: () => [file('doc.txt', Buffer.from('just text'), 'text/plain'), file('fake.pdf', Buffer.from('%PDF-1.4\nbroken'), 'application/pdf')],
  },
  'POST /api/v1/filybee/save-summary': { access: P, crossTenant: 'denied', body: (a) => ({ email: a.owner.user.email, summary: 'Receipt from Probe Stores, total 1,200.50' }) },
};
