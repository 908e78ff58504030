import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_MAX_BYTES, MSG, ZDeleteDepartmentFile, ZDepartmentFile, ZDepartmentFiles, ZDocument, ZDocumentMeta, ZEmployeeDocuments, ZIdParams, ZNote, ZNoteInput,
  ZOk, ZVideoUpload,
} from '@bizdesk/contract';
import { ok } from '../../platform/http/envelope.ts';
import { allow, userAuth } from '../../platform/auth/guard.ts';
import { isDocumentType, readUpload } from '../../platform/http/uploads.ts';
import { sendDownload } from '../../platform/http/downloads.ts';
import type { TDocumentsService } from './documents.service.ts';

const ZUploadResult = z.discriminatedUnion('target', [
  z.object({ target: z.literal('employee'), document: ZDocument }),
  z.object({ target: z.literal('department'), file: ZDepartmentFile }),
]);

export const documentRoutes = (documents: TDocumentsService) => async (base: FastifyInstance) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  const readDocument = (req: Parameters<typeof readUpload>[0]) =>
    readUpload(req, { maxBytes: DOCUMENT_MAX_BYTES, accept: isDocumentType, wrongTypeMessage: MSG.documentTypeNotAllowed });

  app.post('/api/v1/docs/upload', {
    schema: {
      tags, consumes: ['multipart/form-data'], response: { 201: ZOk(ZUploadResult) },
      description: 'multipart: text field `employeeId` (an employee\'s document) or `department` (+ optional `email`; a department file), sent before `file` (PDF, image or office file, at most 10 MB)',
    },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await documents.upload(userAuth(req), await readDocument(req)), MSG.documentUploaded)));

  app.post('/api/v1/docs/uploadById/:id', {
    schema: { tags, params: ZIdParams, consumes: ['multipart/form-data'], response: { 201: ZOk(ZDocument) }, description: 'multipart: file (PDF, image or office file, at most 10 MB) for employee {id}' },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => reply.code(201).send(ok(await documents.uploadForEmployee(req.auth!, req.params.id, await readDocument(req)), MSG.documentUploaded)));

  app.put('/api/v1/docs/:id/details', {
    schema: { tags, params: ZIdParams, body: ZDocumentMeta, response: { 200: ZOk(ZDocument) }, description: "An employee document's type (driving-licence, passport, work-permit, certificate, contract, other) and expiry date (YYYY-MM-DD); null clears" },
    config: allow('HR-access'),
  }, async (req) => ok(await documents.setMeta(userAuth(req), req.params.id, req.body)));

  app.post('/api/v1/docs/notes', {
    schema: { tags, body: ZNoteInput, response: { 201: ZOk(ZNote) } },
    config: allow('HR-access'),
  }, async (req, reply) => reply.code(201).send(ok(await documents.addNote(userAuth(req), req.body), MSG.noteSaved)));

  app.get('/api/v1/employee/documents/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(ZEmployeeDocuments) } },
    config: allow('HR-access', 'portal'),
  }, async (req) => ok(await documents.listForEmployee(req.auth!, req.params.id)));

  app.get('/api/v1/docs/download/:id', {
    schema: { tags, params: ZIdParams, description: 'The document\'s bytes as an attachment; send the bearer token' },
    config: allow('HR-access', 'portal'),
  }, async (req, reply) => sendDownload(reply, await documents.download(req.auth!, req.params.id)));

  app.delete('/api/v1/docs/delete/:id', {
    schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ _id: z.string() })) } },
    config: allow('HR-access'),
  }, async (req) => ok(await documents.deleteDocument(userAuth(req), req.params.id), MSG.documentDeleted));

  for (const url of ['/api/v1/employee/upload-video', '/api/v1/videos/upload']) {
    app.post(url, {
      schema: { tags, body: ZVideoUpload, response: { 201: ZOk(ZDepartmentFile) }, description: 'A training video of a department, by its address' },
      config: allow('HR-access'),
    }, async (req, reply) => reply.code(201).send(ok(await documents.addVideo(userAuth(req), req.body), MSG.videoUploaded)));
  }

  app.delete('/api/v1/employee/deleteFileFromDepartment', {
    schema: { tags, body: ZDeleteDepartmentFile, response: { 200: ZOk(ZDepartmentFiles) }, description: 'fileIndex: the entry\'s index in the department view\'s `files`' },
    config: allow('HR-access'),
  }, async (req) => ok(await documents.deleteDepartmentFile(userAuth(req), req.body), MSG.departmentFileDeleted));

  app.get('/api/v1/docs/department-file/:id', {
    schema: { tags, params: ZIdParams, description: 'A department file\'s bytes as an attachment; send the bearer token' },
    config: allow('HR-access'),
  }, async (req, reply) => sendDownload(reply, await documents.downloadDepartmentFile(userAuth(req), req.params.id)));
};
