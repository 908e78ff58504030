import type { TRouteCase } from './route-table.ts';
import { multipart } from './test-app.ts';
import { PDF_BYTES } from './seed-people.ts';

type TPart = Parameters<typeof multipart>[0][number];
const fields = (over: Record<string, string> = {}): TPart[] =>
  Object.entries({ kind: 'ng-paye', payee: 'Lagos', period: '2026-05', amount: '1000', reference: 'PROBE-1', paidOn: '2026-06-01', ...over }).map(([name, value]) => ({ name, value }));
const receipt = (data: Buffer, name = 'probe.pdf'): TPart => ({ name: 'receipt', filename: name, contentType: 'application/pdf', data });
/** A payment id nobody holds: the second business and the malformed probes can never reach a real one. */
const unknownPayment = () => ({ id: '5d1c1b9e-1f0e-4c7e-9d9a-8a1b2c3d4e5f' });

/** The remittance tracker (issue 31 item 5): pay data, Accounts-access. */
export const REMITTANCE_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/remittances': { access: ['Accounts-access'], crossTenant: 'own-business', query: () => ({ from: '2026-01', to: '2026-06', status: 'due' }), optionalFields: ['from', 'to', 'status'] },
  'POST /api/v1/remittances/payments': {
    access: ['Accounts-access'], crossTenant: 'own-business', form: () => multipart([...fields(), receipt(PDF_BYTES)]),
    malformedForms: () => [
      [...fields(), receipt(Buffer.from('MZ\x90\x00 an executable, not a receipt'))],
      [...fields(), { name: 'file', filename: 'probe.pdf', contentType: 'application/pdf', data: PDF_BYTES }],
      fields({ kind: 'vat' }), fields({ period: '2026-13' }), fields({ amount: '-5' }), fields({ amount: '1.234' }), fields({ paidOn: '2026-02-30' }),
      fields({ paidOn: '2999-01-01' }), fields({ reference: '' }), fields({ reference: 'x'.repeat(200) }), fields({ payee: 'Nowhere' }),
      fields({ payee: 'x'.repeat(200) }), fields({ note: 'n'.repeat(1200) }), fields({ period: '2026' }), fields({ amount: 'ten' }),
    ].map((parts) => multipart(parts)),
  },
  'GET /api/v1/remittances/payments/:id/receipt': { access: ['Accounts-access'], crossTenant: 'denied', params: unknownPayment },
  'POST /api/v1/remittances/payments/:id/void': { access: ['Accounts-access'], crossTenant: 'denied', params: unknownPayment, body: () => ({ reason: 'Probe' }) },
};
