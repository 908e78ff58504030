import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG, PAY_MSG, ZAddLoan, ZApproveRunInput, ZBankFileQuery, ZBulkUpload, ZEmployeeCost, ZEmployeeCostQuery, ZEmployeePay, ZFileQuery, ZGrossModify, ZIdParams, ZLoan, ZLoanOff, ZMonthParams, ZMonthQuery, ZOk, ZPaged, ZPageQuery,
  ZPaySettings, ZPaySettingsInput, ZPaySummary, ZPaySummaryQuery, ZPayslip, ZPeriodItem, ZPeriodItemParams, ZPortalPayslip, ZRun, ZRunIdParams, ZRunJob, ZRunLine,
  ZTaxFiling, ZTaxFilingQuery, ZUpdateLoan, ZUpdateRepayment, ZAnnualReturns, ZAnnualReturnQuery, ZYearParams, ZVariance, ZVarianceQuery,
} from '@bizdesk/contract';
import { ok, paged } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import type { TPaySettingsService } from './pay-settings.service.ts';
import type { TLoansService } from './loans.service.ts';
import type { TRunsService } from './runs.service.ts';
import type { TOutputsService } from './outputs.service.ts';
import type { TStatutoryService } from './statutory/statutory.service.ts';
import type { TRegisterService } from './register.service.ts';

type TPayrollServices = { settings: TPaySettingsService; loans: TLoansService; runs: TRunsService; outputs: TOutputsService; filing: TStatutoryService; register: TRegisterService };

const ZSearchPage = ZPageQuery.extend({ search: z.string().trim().max(100, 'must be at most 100 characters').optional() });
const ZSlipState = z.object({ _id: z.string(), employeeId: z.string(), month: z.string(), isPublished: z.boolean() });

/** A spec fallback text leads a refused change; the reason follows. */
const withFallback = async <T>(fallback: string, fn: () => Promise<T>) => {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new AppError(err.code, `${fallback}: ${err.message}`, err.status);
    throw err;
  }
};

const sendFile = (reply: FastifyReply, file: { body: Buffer; mime: string; fileName: string }, inline = false) =>
  reply.header('content-type', file.mime).header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.body);

/** Pay figures are for the owner and Accounts-access only (HR-access alone sees none). */
const PAY = allow('Accounts-access');

export const payrollRoutes = (s: TPayrollServices) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['payroll'];
  const month = (q: { month?: string }) => q.month;

  // ----- the spec's calls -----
  app.put('/api/v1/employee/payment-settings/:id', {
    schema: { tags, params: ZIdParams, body: ZPaySettingsInput, response: { 200: ZOk(ZPaySettings) }, description: 'Pay settings of employee {id}; amounts in major units; null clears' },
    config: PAY,
  }, async (req) => ok(await s.settings.update(userAuth(req), req.params.id, req.body), PAY_MSG.settingsSaved));

  app.post('/api/v1/employee/gross-modify/:id', {
    schema: { tags, params: ZIdParams, body: ZGrossModify, response: { 200: ZOk(z.object({ employeeId: z.string(), grossIncomeMinor: z.number(), previousMinor: z.number().nullable(), effectiveDate: z.string() })) } },
    config: PAY,
  }, async (req) => ok(await withFallback(MSG.modifyGrossFailed, () => s.settings.modifyGross(userAuth(req), req.params.id, req.body)), MSG.grossModified));

  const item = (path: string, kind: 'allowance' | 'overtime' | 'iou', message: string, method: 'post' | 'put') =>
    app[method](path, {
      schema: { tags, params: ZPeriodItemParams, querystring: ZMonthQuery, response: { 200: ZOk(ZPeriodItem) }, description: `{value}: the ${kind} in major units (> 0, at most 2 decimals), for ?month=YYYY-MM (default: this month)` },
      config: PAY,
    }, async (req) => ok(await s.settings.addItem(userAuth(req), req.params.id, kind, req.params.value, month(req.query)), message));
  item('/api/v1/employee/allowance/:id/:value', 'allowance', MSG.allowanceAdded, 'post');
  item('/api/v1/employee/overtimeAdder/:id/:value', 'overtime', MSG.overtimeAdded, 'post');
  item('/api/v1/employee/IOU/:id/:value', 'iou', PAY_MSG.iouAdded, 'put');

  app.post('/api/v1/employee/add-loan', {
    schema: { tags, body: ZAddLoan, response: { 201: ZOk(ZLoan) } },
    config: PAY,
  }, async (req, reply) => reply.code(201).send(ok(await s.loans.add(userAuth(req), req.body), PAY_MSG.loanAdded)));

  app.post('/api/v1/employee/update-loan', {
    schema: { tags, body: ZUpdateLoan, response: { 200: ZOk(ZLoan) } },
    config: PAY,
  }, async (req) => ok(await s.loans.update(userAuth(req), req.body), PAY_MSG.loanUpdated));

  app.put('/api/v1/employee/update-repayment', {
    schema: { tags, body: ZUpdateRepayment, response: { 200: ZOk(ZLoan) }, description: 'The repayment for selectedMonth only; without loanId, the oldest active loan' },
    config: PAY,
  }, async (req) => ok(await s.loans.updateRepayment(userAuth(req), req.body), MSG.repaymentUpdated));

  app.post('/api/v1/employee/loan-off', {
    schema: { tags, body: ZLoanOff, response: { 200: ZOk(ZLoan) } },
    config: PAY,
  }, async (req) => {
    const { loan, message } = await s.loans.loanOff(userAuth(req), req.body);
    return ok(loan, message);
  });

  app.post('/api/v1/employee/employeeBulkUpload', {
    schema: { tags, body: ZBulkUpload, response: { 200: ZOk(ZRun) }, description: 'Puts employees on the month\'s run (default: this month)' },
    config: PAY,
  }, async (req) => ok(await s.runs.bulkUpload(userAuth(req), req.body), PAY_MSG.employeesAdded));

  app.put('/api/v1/employee/publish-slip/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZSlipState) }, description: 'Employee {id}\'s payslip in their latest approved run becomes visible to them' },
    config: PAY,
  }, async (req) => ok(await s.runs.setPublished(userAuth(req), req.params.id, true), PAY_MSG.slipPublished));

  app.put('/api/v1/employee/remove-slip/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZSlipState) } },
    config: PAY,
  }, async (req) => ok(await s.runs.setPublished(userAuth(req), req.params.id, false), PAY_MSG.slipRemoved));

  app.put('/api/v1/employee/reset-schedule/:id', {
    schema: { tags, params: ZIdParams, querystring: ZMonthQuery, response: { 200: ZOk(z.object({ employeeId: z.string(), month: z.string(), itemsRemoved: z.number() })) }, description: 'The month (default: this month) back to the employee\'s settings: its allowance, overtime, IOU and repayment changes are removed' },
    config: PAY,
  }, async (req) => ok(await s.runs.resetSchedule(userAuth(req), req.params.id, month(req.query)), PAY_MSG.scheduleReset));

  // ----- Bizdesk's own -----
  app.get('/api/v1/payroll/settings', {
    schema: { tags, querystring: ZSearchPage, response: { 200: ZPaged(ZPaySettings) } },
    config: PAY,
  }, async (req) => {
    const { rows, totalRecords } = await s.settings.list(userAuth(req), req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.get('/api/v1/payroll/employee/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZEmployeePay) } },
    config: PAY,
  }, async (req) => ok(await s.settings.detail(userAuth(req), req.params.id)));

  app.get('/api/v1/payroll/run/:month', {
    schema: { tags, params: ZMonthParams, response: { 200: ZOk(ZRun.nullable()) }, description: 'The month\'s run with totals and job progress; null when there is none yet' },
    config: PAY,
  }, async (req) => ok(await s.runs.getByMonth(userAuth(req), req.params.month)));

  app.get('/api/v1/payroll/runs/:runId/lines', {
    schema: { tags, params: ZRunIdParams, querystring: ZSearchPage, response: { 200: ZPaged(ZRunLine) } },
    config: PAY,
  }, async (req) => {
    const { rows, totalRecords } = await s.runs.lines(userAuth(req), req.params.runId, req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.post('/api/v1/payroll/runs/:runId/compute', {
    schema: { tags, params: ZRunIdParams, response: { 202: ZOk(ZRunJob) }, description: 'Computes every line with the pay engine as a job; poll the run for progress' },
    config: PAY,
  }, async (req, reply) => reply.code(202).send(ok(await s.runs.compute(userAuth(req), req.params.runId), PAY_MSG.computeStarted)));

  app.post('/api/v1/payroll/runs/:runId/approve', {
    schema: {
      tags, params: ZRunIdParams, body: ZApproveRunInput.nullish(), response: { 200: ZOk(ZRun) },
      description: 'The owner, or a user with Accounts-access and Approvals-access, who did not prepare the run (the owner may, with a reason, when the business allows it and nobody else can); exclude takes employees off the run first; refused (409) while an employee on it has no payable account',
    },
    config: PAY,
  }, async (req) => ok(await s.runs.approveRun(userAuth(req), req.params.runId, req.body ?? {}), PAY_MSG.runApproved));

  app.post('/api/v1/payroll/runs/:runId/paid', {
    schema: { tags, params: ZRunIdParams, response: { 200: ZOk(ZRun) } },
    config: PAY,
  }, async (req) => ok(await s.runs.markPaid(userAuth(req), req.params.runId), PAY_MSG.runPaid));

  app.post('/api/v1/payroll/runs/:runId/publish-all', {
    schema: { tags, params: ZRunIdParams, response: { 200: ZOk(z.object({ published: z.number() })) } },
    config: PAY,
  }, async (req) => ok(await s.runs.publishAll(userAuth(req), req.params.runId), PAY_MSG.slipsPublished));

  app.get('/api/v1/payroll/runs/:runId/bank-file', {
    schema: { tags, params: ZRunIdParams, querystring: ZBankFileQuery, description: 'CSV or XLSX in a bank layout (ng-nibss, ng-bank-bulk, gh-ach; default the country\'s); lines without a payable account are left out and counted in X-Bank-File-Refused (see bank-file/check)' },
    config: PAY,
  }, async (req, reply) => {
    const file = await s.outputs.bankFile(userAuth(req), req.params.runId, req.query);
    return sendFile(reply.header('x-bank-file-refused', String(file.refused.length)), file);
  });

  app.get('/api/v1/payroll/runs/:runId/register', {
    schema: { tags, params: ZRunIdParams, querystring: ZFileQuery, description: 'The payroll register as CSV or XLSX: one row per employee with every figure of the stored line (numbers, major units), then a totals row' },
    config: PAY,
  }, async (req, reply) => sendFile(reply, await s.register.registerFile(userAuth(req), req.params.runId, req.query.format)));

  app.get('/api/v1/payroll/runs/:runId/variance', {
    schema: { tags, params: ZRunIdParams, querystring: ZVarianceQuery, response: { 200: ZOk(ZVariance) }, description: 'The run compared with the latest earlier run (approved or not): totals per figure, and the employees whose pay changed with the reasons, a page at a time' },
    config: PAY,
  }, async (req) => ok(await s.register.variance(userAuth(req), req.params.runId, req.query)));

  app.get('/api/v1/payroll/tax-filing/:month', {
    schema: { tags, params: ZMonthParams, response: { 200: ZOk(ZTaxFiling) }, description: 'Every statutory schedule of the month from its approved run (none while the run is a draft), with rows missing an identifier flagged' },
    config: PAY,
  }, async (req) => ok(await s.filing.taxFiling(userAuth(req), req.params.month)));

  app.get('/api/v1/payroll/tax-filing/:month/file', {
    schema: { tags, params: ZMonthParams, querystring: ZTaxFilingQuery, description: 'One kind of schedule (every payee, or ?payee= one State IRS or PFA) as CSV or XLSX with a totals row; ng-itf is the month\'s year' },
    config: PAY,
  }, async (req, reply) => sendFile(reply, await s.filing.taxFilingFile(userAuth(req), req.params.month, req.query)));

  app.get('/api/v1/payroll/annual-returns/:year', {
    schema: { tags, params: ZYearParams, response: { 200: ZOk(ZAnnualReturns) }, description: 'The year\'s annual returns from its approved runs: Form H1 per state and tax deduction cards (NG), the GRA annual schedule (GH)' },
    config: PAY,
  }, async (req) => ok(await s.filing.annualReturns(userAuth(req), req.params.year)));

  app.get('/api/v1/payroll/annual-returns/:year/file', {
    schema: { tags, params: ZYearParams, querystring: ZAnnualReturnQuery, description: 'One annual return as XLSX or PDF: ?kind=ng-h1 (payee = a state), ng-tax-card (payee = an employee id), gh-annual' },
    config: PAY,
  }, async (req, reply) => sendFile(reply, await s.filing.annualReturnFile(userAuth(req), req.params.year, req.query)));

  app.get('/api/v1/payroll/summary', {
    schema: { tags, querystring: ZPaySummaryQuery, response: { 200: ZOk(ZPaySummary) } },
    config: PAY,
  }, async (req) => ok(await s.outputs.summary(userAuth(req), req.query.year ?? new Date().getUTCFullYear(), req.query.month)));

  app.get('/api/v1/payroll/summary/employees', {
    schema: { tags, querystring: ZEmployeeCostQuery, response: { 200: ZPaged(ZEmployeeCost) }, description: 'Each employee\'s cost to the employer in the month\'s run: gross pay (with allowances and overtime) + employer contributions' },
    config: PAY,
  }, async (req) => {
    const { rows, totalRecords } = await s.outputs.employeeCosts(userAuth(req), req.query);
    return paged(rows, totalRecords, req.query);
  });

  app.get('/api/v1/payroll/payslip/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZPayslip) }, description: 'One payslip (a run line): pay roles see any; an employee (portal) only their own published one' },
    config: allow('Accounts-access', 'portal'),
  }, async (req) => ok(await s.outputs.payslip(req.auth!, req.params.id)));

  app.get('/api/v1/payroll/payslip/:id/pdf', {
    schema: { tags, params: ZIdParams },
    config: allow('Accounts-access', 'portal'),
  }, async (req, reply) => sendFile(reply, await s.outputs.payslipPdf(req.auth!, req.params.id)));

  app.get('/api/v1/portal/payslips/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZPortalPayslip)) }, description: 'Employee {id}\'s payslips: in the portal only one\'s own published ones; pay roles see every approved one' },
    config: allow('Accounts-access', 'portal'),
  }, async (req) => ok(await s.outputs.employeeSlips(req.auth!, req.params.id)));
};
