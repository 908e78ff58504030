import type { FastifyInstance } from 'fastify';
import { bearer, multipart, nextIp, PNG_1PX, portalSignIn } from './test-app.ts';
import type { TSeed } from './seed.ts';

/** A tiny file whose bytes say PDF. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export type TPeopleSeed = {
  unitId: string;
  designationId: string;
  /** The employee HR probes act on. */
  employee: { _id: string; email: string; name: string; employeeNumber: string; portalCode: string; employeeUniqueCode: string };
  /** A second employee, holder of the collection point's number: the portal and collector tokens are theirs. */
  fieldEmployee: { _id: string; email: string; portalCode: string; employeeUniqueCode: string };
  documentId: string;
  noteId: string;
  noteText: string;
  videoId: string;
  departmentFileId: string;
  importJobId: string;
  importedEmail: string;
  portalToken: string;
  collectorToken: string;
};

const must = (res: { statusCode: number; body: string }, status: number, what: string) => {
  if (res.statusCode !== status) throw new Error(`seed ${what}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
};

export const waitForJob = async (app: FastifyInstance, token: string, jobId: string, base = '/api/v1/employee/import') => {
  for (let i = 0; i < 400; i++) {
    const res = await app.inject({ method: 'GET', url: `${base}/${jobId}`, headers: bearer(token) });
    const job = res.json().data;
    if (job && (job.status === 'succeeded' || job.status === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`job ${jobId} did not finish`);
};

/** Employees, a designation, documents, a note, a video, a department file, an import and portal/collector tokens. */
export const seedPeople = async (app: FastifyInstance, base: Omit<TSeed, 'people' | 'inventory' | 'time' | 'payroll' | 'procurement'>): Promise<TPeopleSeed> => {
  const h = bearer(base.owner.token);
  const slug = base.businessName.toLowerCase().replace(/[^a-z]+/g, '-');
  const first = base.businessName.split(' ')[0];
  const designation = must(await app.inject({ method: 'POST', url: '/api/v1/designation', headers: h, payload: { name: `${first} Site Engineer` } }), 201, 'designation').data;
  const departments = must(await app.inject({ method: 'GET', url: `/api/v1/auth/user-data/${base.owner.user._id}`, headers: h }), 200, 'user data').data.departments;
  const unitId = departments.find((d: { _id: string }) => d._id === base.departmentId).unitId;

  const employee = must(await app.inject({
    method: 'POST', url: `/api/v1/employee/create/${base.owner.user._id}`, headers: h,
    payload: { firstName: first, lastName: 'Staffer', email: `staffer@${slug}.example`, employeeNumber: `${slug}-100`, departmentId: base.departmentId, designationId: designation._id, grossIncome: '2400000.50', phone: '+234 803 000 0001' },
  }), 201, 'employee').data;
  const field = must(await app.inject({
    method: 'POST', url: `/api/v1/employee/create/${base.owner.user.businessId}`, headers: h,
    payload: { firstName: 'Field', lastName: `${first} Officer`, email: `field@${slug}.example`, employeeNumber: base.collectionPoint.employeeNumber, departmentId: base.departmentId },
  }), 201, 'field employee').data;

  const photo = multipart([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: PNG_1PX }]);
  must(await app.inject({ method: 'POST', url: `/api/v1/images/upload/${employee._id}`, headers: { ...h, ...photo.headers }, payload: photo.payload }), 200, 'photo');
  const docForm = multipart([{ name: 'file', filename: `${first} contract.pdf`, contentType: 'application/pdf', data: PDF_BYTES }]);
  const document = must(await app.inject({ method: 'POST', url: `/api/v1/docs/uploadById/${employee._id}`, headers: { ...h, ...docForm.headers }, payload: docForm.payload }), 201, 'document').data;
  const noteText = `${first} confidential note about pay`;
  const note = must(await app.inject({ method: 'POST', url: '/api/v1/docs/notes', headers: h, payload: { employeeId: employee._id, textData: noteText } }), 201, 'note').data;
  const video = must(await app.inject({
    method: 'POST', url: '/api/v1/employee/upload-video', headers: h,
    payload: { email: base.owner.user.email, department: base.departmentId, videoUrl: `https://www.youtube.com/watch?v=${slug}`, originalName: `${first} induction` },
  }), 201, 'video').data;
  const deptForm = multipart([{ name: 'department', value: base.departmentId }, { name: 'file', filename: `${first} safety.pdf`, contentType: 'application/pdf', data: PDF_BYTES }]);
  const deptFile = must(await app.inject({ method: 'POST', url: '/api/v1/docs/upload', headers: { ...h, ...deptForm.headers }, payload: deptForm.payload }), 201, 'department file').data.file;

  const importedEmail = `imported@${slug}.example`;
  const csv = multipart([{ name: 'file', filename: 'staff.csv', contentType: 'text/csv', data: Buffer.from(`First name,Last name,Email\n${first},Imported,${importedEmail}\n`) }]);
  const job = must(await app.inject({ method: 'POST', url: '/api/v1/employee/import', headers: { ...h, ...csv.headers }, payload: csv.payload }), 202, 'import').data;
  const finished = await waitForJob(app, base.owner.token, job.jobId);
  if (finished.status !== 'succeeded') throw new Error(`seed import: ${JSON.stringify(finished)}`);

  const portal = await portalSignIn(app, field.portalCode);
  const collector = must(await app.inject({
    method: 'POST', url: '/api/v1/employee/collectorIdV2', remoteAddress: nextIp(),
    payload: { dataCode: base.collectionPoint.dataCode, employeeUniqueCode: field.employeeUniqueCode },
  }), 200, 'collector sign-in');

  return {
    unitId,
    designationId: designation._id,
    employee: { _id: employee._id, email: employee.email, name: employee.name, employeeNumber: employee.employeeNumber, portalCode: employee.portalCode, employeeUniqueCode: employee.employeeUniqueCode },
    fieldEmployee: { _id: field._id, email: field.email, portalCode: field.portalCode, employeeUniqueCode: field.employeeUniqueCode },
    documentId: document._id,
    noteId: note._id,
    noteText,
    videoId: video._id,
    departmentFileId: deptFile._id,
    importJobId: job.jobId,
    importedEmail,
    portalToken: portal.token,
    collectorToken: collector.token,
  };
};

/** What only HR of the business may see about its main employee: none of it may reach a portal token of someone else. */
export const employeeSecretsOf = (p: TPeopleSeed) => [
  p.employee._id, p.employee.email, p.employee.portalCode, p.employee.employeeUniqueCode, p.documentId, p.noteId, p.noteText,
];

export const peopleSecretsOf = (p: TPeopleSeed) => [
  ...employeeSecretsOf(p), p.designationId, p.unitId, p.fieldEmployee._id, p.fieldEmployee.email, p.fieldEmployee.portalCode,
  p.fieldEmployee.employeeUniqueCode, p.videoId, p.departmentFileId, p.importJobId, p.importedEmail,
];
