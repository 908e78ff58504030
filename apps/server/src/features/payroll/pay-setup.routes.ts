import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBankFileQuery, ZFileQuery, ZOk, ZPaySettingsBulkInput, ZPaySettingsBulkResult, ZRunIdParams, BANK_FILE_LAYOUTS } from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { sheetImportRoutes } from '../../platform/imports/sheet-import.ts';
import type { TPayrollServices } from './payroll.services.ts';

const PAY = allow('Accounts-access');

const ZBankFileCheck = z.object({
  layout: z.enum(BANK_FILE_LAYOUTS),
  payable: z.number().int(),
  totalMinor: z.number().int(),
  refused: z.array(z.object({ employeeNumber: z.string(), name: z.string(), reason: z.string() })),
});

/** Pay setup at the speed of a spreadsheet (issue 32 item 5): bulk pay settings, the bank file check, pay details import and export. */
export const paySetupRoutes = (s: TPayrollServices) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['payroll'];

  app.post('/api/v1/payroll/settings/bulk', {
    schema: { tags, body: ZPaySettingsBulkInput, response: { 200: ZOk(ZPaySettingsBulkResult) }, description: 'The same pay settings for the listed employees, or every employee of the list (selectAll, search) but excludedIds; one transaction' },
    config: PAY,
  }, async (req) => {
    const result = await s.settings.bulkUpdate(userAuth(req), req.body);
    return ok(result, `Pay settings saved for ${result.updated} employee${result.updated === 1 ? '' : 's'}`);
  });

  app.get('/api/v1/payroll/runs/:runId/bank-file/check', {
    schema: { tags, params: ZRunIdParams, querystring: ZBankFileQuery, response: { 200: ZOk(ZBankFileCheck) }, description: 'What the bank file holds: payable rows and total, and the lines left out (no or invalid account) with the reason' },
    config: PAY,
  }, async (req) => ok(await s.outputs.bankFileCheck(userAuth(req), req.params.runId, req.query)));

  await app.register(sheetImportRoutes({
    path: '/api/v1/payroll/pay-details/import', roles: ['Accounts-access'], service: s.details, tags, baseName: 'pay-details', allowValidRows: true,
    columns: 'Columns: Employee number or Email (who), Gross income, Bank (name or code), Bank code, Account number, Account name, Pay day, PFA, RSA PIN, State, TIN, NHF (yes/no), NHF number; Ghana: Region, Ghana Card, SSNIT number. A blank cell leaves the value as it is; importValidRows (true|false) before the file',
  }));

  app.get('/api/v1/payroll/pay-details/export', {
    schema: { tags, querystring: ZFileQuery, description: 'Every employee\'s pay details in the import\'s columns (CSV or XLSX)' },
    config: PAY,
  }, async (req, reply) => {
    const file = await s.details.export(userAuth(req), req.query.format);
    return reply.header('content-type', file.mime).header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.body);
  });
};
