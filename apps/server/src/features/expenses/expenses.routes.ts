import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPENSE_RECEIPT_MAX_BYTES, OCR_MIME_TYPES, ZExpenseClaim, ZExpenseClaimInput, ZExpenseClaimList, ZExpenseClaimParams, ZExpenseDirectPayment,
  ZExpenseEmployeeParams, ZExpenseListQuery, ZExpenseOwnClaims, ZExpenseReceiptParams, ZExpenseReceiptUpload, ZOk,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { readUpload } from '../../platform/http/uploads.ts';
import { sendDownload } from '../../platform/http/downloads.ts';
import type { TExpensesService } from './expenses.service.ts';

const receiptRules = {
  maxBytes: EXPENSE_RECEIPT_MAX_BYTES,
  accept: (m: string) => (OCR_MIME_TYPES as readonly string[]).includes(m),
  wrongTypeMessage: 'file: a receipt must be a JPEG, PNG or WebP photo or a PDF',
};

/**
 * Expense claims (issue 33 item 5). The employee files their own in the portal (or HR for them) under
 * /employee/{employeeId}; a signed-in user claims for themselves under /mine (their employee record by e-mail); a claim
 * by id is reached by whoever may see it (its owner, HR, Accounts, approvers). HR and Accounts list every claim.
 */
export const expenseRoutes = (expenses: TExpensesService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['expenses'];

  app.get('/api/v1/expenses/claims', {
    schema: { tags, querystring: ZExpenseListQuery, response: { 200: ZOk(ZExpenseClaimList) }, description: 'Every claim of the business, newest first, filtered, with totals per status' },
    config: allow('HR-access', 'Accounts-access'),
  }, async (req) => ok(await expenses.list(userAuth(req), req.query)));

  app.get('/api/v1/expenses/employee/:employeeId', {
    schema: { tags, params: ZExpenseEmployeeParams, response: { 200: ZOk(ZExpenseOwnClaims) }, description: "One employee's claims and what the claim form offers (projects, currency, receipt threshold)" },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await expenses.listOfEmployee(req.auth!, req.params.employeeId)));

  app.post('/api/v1/expenses/employee/:employeeId', {
    schema: { tags, params: ZExpenseEmployeeParams, body: ZExpenseClaimInput, response: { 201: ZOk(ZExpenseClaim) }, description: 'A draft claim for the employee' },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => reply.code(201).send(ok(await expenses.create(req.auth!, req.params.employeeId, req.body), 'Expense claim saved')));

  app.post('/api/v1/expenses/employee/:employeeId/receipts', {
    schema: { tags, params: ZExpenseEmployeeParams, consumes: ['multipart/form-data'], response: { 201: ZOk(ZExpenseReceiptUpload) }, description: 'multipart: file — a receipt photo (JPEG, PNG, WebP) or PDF, at most 10 MB; answers the stored receipt and what the OCR read from it' },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => {
    const file = await readUpload(req, { ...receiptRules, field: 'file' });
    return reply.code(201).send(ok(await expenses.uploadReceipt(req.auth!, req.params.employeeId, file)));
  });

  app.get('/api/v1/expenses/mine', {
    schema: { tags, response: { 200: ZOk(ZExpenseOwnClaims) }, description: "The signed-in user's own claims (their employee record has the user's e-mail)" },
    config: allow('user'),
  }, async (req) => ok(await expenses.listOfEmployee(userAuth(req), 'self')));

  app.post('/api/v1/expenses/mine', {
    schema: { tags, body: ZExpenseClaimInput, response: { 201: ZOk(ZExpenseClaim) } },
    config: allow('user'),
  }, async (req, reply) => reply.code(201).send(ok(await expenses.create(userAuth(req), 'self', req.body), 'Expense claim saved')));

  app.post('/api/v1/expenses/mine/receipts', {
    schema: { tags, consumes: ['multipart/form-data'], response: { 201: ZOk(ZExpenseReceiptUpload) }, description: 'multipart: file — a receipt photo or PDF for one of your own claims' },
    config: allow('user'),
  }, async (req, reply) => {
    const file = await readUpload(req, { ...receiptRules, field: 'file' });
    return reply.code(201).send(ok(await expenses.uploadReceipt(userAuth(req), 'self', file)));
  });

  app.get('/api/v1/expenses/claims/:claimId', {
    schema: { tags, params: ZExpenseClaimParams, response: { 200: ZOk(ZExpenseClaim) } },
    config: allow('user', 'portal'),
  }, async (req) => ok(await expenses.get(req.auth!, req.params.claimId)));

  app.put('/api/v1/expenses/claims/:claimId', {
    schema: { tags, params: ZExpenseClaimParams, body: ZExpenseClaimInput, response: { 200: ZOk(ZExpenseClaim) }, description: 'Replaces the title and lines of a draft or rejected claim (it becomes a draft again)' },
    config: allow('user', 'portal'),
  }, async (req) => ok(await expenses.update(req.auth!, req.params.claimId, req.body), 'Expense claim saved'));

  app.delete('/api/v1/expenses/claims/:claimId', {
    schema: { tags, params: ZExpenseClaimParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: allow('user', 'portal'),
  }, async (req) => ok(await expenses.remove(req.auth!, req.params.claimId), 'Expense claim deleted'));

  app.post('/api/v1/expenses/claims/:claimId/submit', {
    schema: { tags, params: ZExpenseClaimParams, response: { 200: ZOk(ZExpenseClaim) }, description: "Sends the claim to its approvers (approvals engine, service 'expense-claim')" },
    config: allow('user', 'portal'),
  }, async (req) => ok(await expenses.submit(req.auth!, req.params.claimId), 'Expense claim submitted for approval'));

  app.post('/api/v1/expenses/claims/:claimId/pay', {
    schema: { tags, params: ZExpenseClaimParams, body: ZExpenseDirectPayment, response: { 200: ZOk(ZExpenseClaim) }, description: 'Records an approved claim as paid directly (date and reference) instead of through the next payroll run' },
    config: allow('Accounts-access'),
  }, async (req) => ok(await expenses.payDirect(userAuth(req), req.params.claimId, req.body), 'Expense claim recorded as paid'));

  app.get('/api/v1/expenses/receipts/:receiptId', {
    schema: { tags, params: ZExpenseReceiptParams, description: "The receipt's bytes as an attachment" },
    config: allow('user', 'portal'),
  }, async (req, reply) => sendDownload(reply, await expenses.receiptFile(req.auth!, req.params.receiptId)));
};
