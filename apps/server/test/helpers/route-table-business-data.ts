import zlib from 'node:zlib';
import type { TRouteCase } from './route-table.ts';
import { multipart, PNG_1PX } from './test-app.ts';
import { PDF_BYTES } from './seed-people.ts';

/** An export id nobody holds: the second business and the malformed probes can never reach a real archive. */
const unknownExport = () => ({ id: '5d1c1b9e-1f0e-4c7e-9d9a-8a1b2c3d4e5f' });
const gzip = (data: Buffer) => multipart([{ name: 'file', filename: 'archive.tar.gz', contentType: 'application/gzip', data }]);
/** The smallest gzip stream (of nothing): a gzip, but no archive. */
const EMPTY_GZIP = Buffer.from('1f8b0800000000000003030000000000000000', 'hex');

/** A business's own data, out and in (issue 36 item 4): the owner only. */
export const BUSINESS_DATA_ROUTES: Record<string, TRouteCase> = {
  'GET /api/v1/business/data': { access: ['owner'], crossTenant: 'own-business', noInput: "the caller's own business; takes no input" },
  'POST /api/v1/business/export': { access: ['owner'], crossTenant: 'own-business', noInput: "prepares the caller's own business's archive; takes no input" },
  'GET /api/v1/business/export/:id': { access: ['owner'], crossTenant: 'denied', params: unknownExport },
  'GET /api/v1/business/export/:id/download': { access: ['owner'], crossTenant: 'denied', params: unknownExport },
  'POST /api/v1/business/import': {
    // The seeded business holds data, so even a real archive is refused (409) there: nothing can be imported by a probe.
    access: ['owner'], crossTenant: 'own-business', form: () => gzip(EMPTY_GZIP),
    malformedForms: () => [
      gzip(Buffer.from('not a gzip at all')),
      gzip(Buffer.from('1f8b08000000000000ff', 'hex')),
      gzip(Buffer.alloc(0)),
      gzip(PNG_1PX),
      gzip(PDF_BYTES),
      gzip(Buffer.from('504b0304140000000800', 'hex')),
      gzip(zlib.gzipSync(Buffer.from('plain text, not a tar archive'))),
      gzip(zlib.gzipSync(Buffer.from('{"format":"bizdesk-business-archive"}'))),
      gzip(zlib.gzipSync(Buffer.alloc(1024))),
      gzip(zlib.gzipSync(Buffer.from('../../etc/passwd\0'.padEnd(512, '\0')))),
      gzip(zlib.gzipSync(Buffer.alloc(4096, 0x41)).subarray(0, 40)),
      multipart([{ name: 'archive', filename: 'a.tar.gz', contentType: 'application/gzip', data: EMPTY_GZIP }]),
      multipart([{ name: 'note', value: 'no file at all' }]),
    ],
  },
};
