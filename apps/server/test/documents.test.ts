import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MSG } from '@bizdesk/contract';
import { auditLog, employeeDocuments } from '../src/db/schema/index.ts';
import { bearer, createTestApp, multipart, PNG_1PX, registerBusiness, type TSession, type TTestApp, portalSignIn } from './helpers/test-app.ts';
import { peopleApi } from './helpers/people.ts';
import { PDF_BYTES } from './helpers/seed-people.ts';

const fileForm = (name: string, data: Buffer, fields: Array<{ name: string; value: string }> = []) =>
  multipart([...fields, { name: 'file', filename: name, contentType: 'application/octet-stream', data }]);

describe('documents, notes, videos and department files', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof peopleApi>;
  let otherApi: ReturnType<typeof peopleApi>;
  let employee: Record<string, any>;
  let colleague: Record<string, any>;
  let portalToken: string;
  let ops: { _id: string; unitId: string };

  const upload = (url: string, form: ReturnType<typeof multipart>, token = owner.token) =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Efua Logistics', email: 'efua@logistics.gh', country: 'GH' });
    api = peopleApi(t.app, owner);
    otherApi = peopleApi(t.app, await registerBusiness(t.app, { businessName: 'Other Co', email: 'boss@other.ng' }));
    ops = await api.department('Operations');
    employee = await api.employee({ firstName: 'Yaa', lastName: 'Asantewaa', email: 'yaa@logistics.gh', departmentId: ops._id });
    colleague = await api.employee({ firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@logistics.gh' });
    portalToken = (await portalSignIn(t.app, employee.portalCode)).token;
  });
  afterAll(async () => t.close());

  it('stores a PDF, an image and office files checked from their bytes, and lists them', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Leave').addRow(['days', 12]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('Offer letter.pdf', PDF_BYTES));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.documentUploaded, data: { employeeId: employee._id, name: 'Offer letter.pdf', mime: 'application/pdf', size: PDF_BYTES.length, uploadedBy: 'user' } });
    expect((await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('id-card.png', PNG_1PX))).statusCode).toBe(201);
    const sheet = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('leave.xlsx', xlsx));
    expect(sheet.json().data.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/employee/documents/${employee._id}`, headers: api.h });
    expect(list.json().data.documents.map((d: { name: string }) => d.name)).toEqual(['leave.xlsx', 'id-card.png', 'Offer letter.pdf']);
  });

  it('refuses files that are not documents whatever their name says (415), and files over 10 MB (413)', async () => {
    const exe = Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000', 'hex');
    for (const [name, data] of [['cv.pdf', exe], ['notes.pdf', Buffer.from('just some text pretending')], ['page.html', Buffer.from('<html><script>alert(1)</script></html>')]] as const) {
      const res = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm(name, data));
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toBe(MSG.documentTypeNotAllowed);
    }
    const big = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('big.pdf', Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)])));
    expect(big.statusCode).toBe(413);
  });

  it('keeps a file under the extension its bytes show, not the one it was sent with (name, download and department file)', async () => {
    const sent = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('invoice.html', PDF_BYTES));
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ name: 'invoice.pdf', mime: 'application/pdf' });
    const download = await t.app.inject({ method: 'GET', url: sent.json().data.url, headers: api.h });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="invoice\.pdf";/);
    const noExt = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('scan', PNG_1PX));
    expect(noExt.json().data.name).toBe('scan.png');
    const same = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('photo.JPEG.png', PNG_1PX));
    expect(same.json().data.name).toBe('photo.JPEG.png');
    const stores = await api.department('Stores');
    const onDepartment = await upload('/api/v1/docs/upload', fileForm('rota.exe', PNG_1PX, [{ name: 'department', value: stores._id }]));
    expect(onDepartment.json().data.file.name).toBe('rota.png');
  });

  it('accepts a Word 97 file by its container and name, and refuses the same container under another name', async () => {
    const cfb = Buffer.alloc(2048);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(cfb);
    const doc = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('old.doc', cfb));
    expect(doc.statusCode).toBe(201);
    expect(doc.json().data.mime).toBe('application/msword');
    expect((await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('setup.msi', cfb))).statusCode).toBe(415);
  });

  it('downloads a document as an attachment with the bearer token only, never through the public files route', async () => {
    const created = (await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('Contract Ɛ.pdf', PDF_BYTES))).json().data;
    const res = await t.app.inject({ method: 'GET', url: created.url, headers: api.h });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Contract _.pdf"; filename*=UTF-8''${encodeURIComponent('Contract Ɛ.pdf')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: created.url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: created.url, headers: otherApi.h })).statusCode).toBe(404);
    const [row] = await t.deps.db.select({ key: employeeDocuments.storageKey }).from(employeeDocuments).where(eq(employeeDocuments.id, created._id));
    const pub = await t.app.inject({ method: 'GET', url: `/api/v1/files/${row.key}` });
    expect(pub.statusCode).toBe(404);
    expect(pub.rawPayload.equals(PDF_BYTES)).toBe(false);
  });

  it('files a document on an employee or a department through /docs/upload, by the field sent before the file', async () => {
    const onEmployee = await upload('/api/v1/docs/upload', fileForm('payslip.pdf', PDF_BYTES, [{ name: 'employeeId', value: colleague._id }]));
    expect(onEmployee.json().data).toMatchObject({ target: 'employee', document: { employeeId: colleague._id, name: 'payslip.pdf' } });
    const onDepartment = await upload('/api/v1/docs/upload', fileForm('handbook.pdf', PDF_BYTES, [{ name: 'email', value: owner.user.email }, { name: 'department', value: 'operations' }]));
    expect(onDepartment.statusCode).toBe(201);
    expect(onDepartment.json().data).toMatchObject({ target: 'department', file: { kind: 'file', name: 'handbook.pdf', index: 0 } });
    const download = await t.app.inject({ method: 'GET', url: onDepartment.json().data.file.url, headers: api.h });
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    const neither = await upload('/api/v1/docs/upload', fileForm('x.pdf', PDF_BYTES));
    expect(neither.statusCode).toBe(400);
    const foreign = await upload('/api/v1/docs/upload', fileForm('x.pdf', PDF_BYTES, [{ name: 'employeeId', value: colleague._id }]), (await registerBusiness(t.app)).token);
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps notes on an employee for HR, with the author, audited', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/docs/notes', headers: api.h, payload: { employeeId: employee._id, textData: '  Asked for a transfer to Kumasi.  ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.noteSaved, data: { employeeId: employee._id, textData: 'Asked for a transfer to Kumasi.', authorName: 'Owner Person' } });
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/employee/documents/${employee._id}`, headers: api.h });
    expect(list.json().data.notes[0].textData).toBe('Asked for a transfer to Kumasi.');
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, res.json().data._id));
    expect(audits[0].action).toBe('employee.note-added');
    for (const payload of [{ employeeId: employee._id, textData: '   ' }, { employeeId: employee._id }, { employeeId: 'nobody', textData: 'x' }, { employeeId: employee._id, textData: 42 }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/docs/notes', headers: api.h, payload })).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/docs/notes', headers: otherApi.h, payload: { employeeId: employee._id, textData: 'x' } })).statusCode).toBe(404);
  });

  describe('in the portal', () => {
    it('lets an employee upload and read their own documents, but not HR notes', async () => {
      const res = await upload(`/api/v1/docs/uploadById/${employee._id}`, fileForm('my-certificate.pdf', PDF_BYTES), portalToken);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.uploadedBy).toBe('portal');
      const list = await t.app.inject({ method: 'GET', url: `/api/v1/employee/documents/${employee._id}`, headers: bearer(portalToken) });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.notes).toEqual([]);
      expect(list.json().data.documents.map((d: { name: string }) => d.name)).toContain('my-certificate.pdf');
      const dl = await t.app.inject({ method: 'GET', url: res.json().data.url, headers: bearer(portalToken) });
      expect(dl.statusCode).toBe(200);
    });

    it("finds nothing of a colleague's: list, upload, download all 404", async () => {
      const theirs = (await upload(`/api/v1/docs/uploadById/${colleague._id}`, fileForm('colleague.pdf', PDF_BYTES))).json().data;
      const p = bearer(portalToken);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/employee/documents/${colleague._id}`, headers: p })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: theirs.url, headers: p })).statusCode).toBe(404);
      expect((await upload(`/api/v1/docs/uploadById/${colleague._id}`, fileForm('sneaky.pdf', PDF_BYTES), portalToken)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/docs/notes', headers: p, payload: { employeeId: employee._id, textData: 'x' } })).statusCode).toBe(403);
    });
  });

  describe('department videos and files', () => {
    it('adds training videos through both spec calls and lists them in the department view with their fileIndex', async () => {
      const a = await t.app.inject({ method: 'POST', url: '/api/v1/employee/upload-video', headers: api.h, payload: { email: owner.user.email, department: ops._id, videoUrl: 'https://www.youtube.com/watch?v=abc', originalName: 'Forklift safety' } });
      expect(a.statusCode).toBe(201);
      expect(a.json()).toMatchObject({ message: MSG.videoUploaded, data: { kind: 'video', name: 'Forklift safety', url: 'https://www.youtube.com/watch?v=abc' } });
      const b = await t.app.inject({ method: 'POST', url: '/api/v1/videos/upload', headers: api.h, payload: { email: owner.user.email, department: 'Operations', videoUrl: 'https://videos.example.com/training/loading%20bay.mp4' } });
      expect(b.json().data.name).toBe('loading bay.mp4');
      const view = (await t.app.inject({ method: 'GET', url: `/api/v1/employee/department-view/${ops.unitId}/${ops._id}`, headers: api.h })).json().data;
      expect(view.files.map((f: { index: number }) => f.index)).toEqual(view.files.map((_: unknown, i: number) => i));
      expect(view.videos.map((v: { name: string }) => v.name)).toEqual(['Forklift safety', 'loading bay.mp4']);
      expect(view.videos.every((v: { index: number; _id: string }) => view.files[v.index]._id === v._id)).toBe(true);
    });

    it('refuses a video that is not a web address, a foreign e-mail and an unknown department', async () => {
      const post = (payload: object, h = api.h) => t.app.inject({ method: 'POST', url: '/api/v1/videos/upload', headers: h, payload });
      expect((await post({ email: owner.user.email, department: ops._id, videoUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
      expect((await post({ email: 'boss@other.ng', department: ops._id, videoUrl: 'https://youtu.be/x' })).statusCode).toBe(403);
      expect((await post({ email: owner.user.email, department: 'Nowhere', videoUrl: 'https://youtu.be/x' })).statusCode).toBe(404);
      expect((await post({ email: 'boss@other.ng', department: ops._id, videoUrl: 'https://youtu.be/x' }, otherApi.h)).statusCode).toBe(404);
    });

    it('asks for the id when a department name is used in two units', async () => {
      await api.department('Stores', 'Accra');
      await api.department('Stores', 'Tema');
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/videos/upload', headers: api.h, payload: { email: owner.user.email, department: 'Stores', videoUrl: 'https://youtu.be/x' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/send the department's _id/);
    });

    it('deletes the file at fileIndex of the list, refuses a stale list (fileId) and an index past the end', async () => {
      const dept = await api.department('Warehouse');
      for (const name of ['one', 'two', 'three']) {
        await t.app.inject({ method: 'POST', url: '/api/v1/videos/upload', headers: api.h, payload: { email: owner.user.email, department: dept._id, videoUrl: `https://youtu.be/${name}`, originalName: name } });
      }
      const stored = (await upload('/api/v1/docs/upload', fileForm('four.pdf', PDF_BYTES, [{ name: 'department', value: dept._id }]))).json().data.file;
      expect(stored.index).toBe(3);
      const list = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/employee/department-view/${dept.unitId}/${dept._id}`, headers: api.h })).json().data.files;
      const before = await list();
      const del = (payload: object, h = api.h) => t.app.inject({ method: 'DELETE', url: '/api/v1/employee/deleteFileFromDepartment', headers: h, payload: { department: dept._id, userEmail: owner.user.email, ...payload } });
      const res = await del({ fileIndex: 1, fileId: before[1]._id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: MSG.departmentFileDeleted, data: { departmentId: dept._id } });
      expect(res.json().data.files.map((f: { name: string; index: number }) => [f.index, f.name])).toEqual([[0, 'one'], [1, 'three'], [2, 'four.pdf']]);
      expect((await del({ fileIndex: 1, fileId: before[1]._id })).statusCode).toBe(409);
      expect((await del({ fileIndex: 3 })).statusCode).toBe(404);
      expect((await del({ fileIndex: -1 })).statusCode).toBe(400);
      expect((await del({ fileIndex: 0 }, otherApi.h)).statusCode).toBe(403);
      expect((await del({ fileIndex: 2 })).json().data.files.map((f: { name: string }) => f.name)).toEqual(['one', 'three']);
      expect((await t.app.inject({ method: 'GET', url: stored.url, headers: api.h })).statusCode).toBe(404);
    });
  });

  it('deletes an employee document and its stored file, audited', async () => {
    const doc = (await upload(`/api/v1/docs/uploadById/${colleague._id}`, fileForm('temp.pdf', PDF_BYTES))).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/docs/delete/${doc._id}`, headers: otherApi.h })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/docs/delete/${doc._id}`, headers: api.h });
    expect(res.json()).toMatchObject({ success: true, message: MSG.documentDeleted });
    expect((await t.app.inject({ method: 'GET', url: doc.url, headers: api.h })).statusCode).toBe(404);
    const audits = await t.deps.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, doc._id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['document.uploaded', 'document.deleted']));
  });
});
