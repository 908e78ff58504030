import { z } from 'zod';
import { ZDate, ZEmail, ZId, ZName, ZPageQuery } from './common.ts';
import { EMPLOYEE_SORTS } from './api-paths.ts';

const MAJOR_TEXT = /^\d{1,13}(\.\d{1,2})?$/;
/**
 * An amount in major units (naira, cedi) with at most two decimals, as a number or as text
 * ("1500000", "38686.67"). The server turns it into integer minor units from its text, never by
 * multiplying a float.
 */
export const ZMajorAmount = z.union([
  z.number().nonnegative('must not be negative').refine((n) => MAJOR_TEXT.test(String(n)), 'must be an amount with at most 2 decimal places'),
  z.string().trim().regex(MAJOR_TEXT, 'must be an amount with at most 2 decimal places, such as 1500000 or 38686.67'),
]);

export const GENDERS = ['male', 'female', 'other'] as const;
export const EMPLOYMENT_TYPES = ['full-time', 'part-time', 'contract', 'intern', 'temporary'] as const;
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullish();

export const ZEmployeeNumberInput = z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'may contain only letters, digits and . _ / -');
export const ZPhone = z.string().trim().max(40, 'must be at most 40 characters')
  .regex(/^\+?[0-9 ()-]{5,}$/, 'must be a phone number such as +234 803 000 0000');

/** What HR fills in for a new employee. Absent optional fields stay empty; null clears on update. */
export const ZEmployeeInput = z.object({
  firstName: ZName(80),
  lastName: ZName(80),
  email: ZEmail,
  phone: ZPhone.nullish(),
  employeeNumber: ZEmployeeNumberInput.optional().describe('generated (EMP-00001, …) when absent'),
  gender: z.enum(GENDERS, { message: `must be one of: ${GENDERS.join(', ')}` }).nullish(),
  dateOfBirth: ZDate.nullish(),
  address: optionalText(500),
  nextOfKinName: optionalText(160),
  nextOfKinPhone: ZPhone.nullish(),
  employmentType: z.enum(EMPLOYMENT_TYPES, { message: `must be one of: ${EMPLOYMENT_TYPES.join(', ')}` }).optional(),
  startDate: ZDate.optional().describe('defaults to today'),
  departmentId: ZId.nullish(),
  designationId: ZId.nullish().describe('the designation\'s _id (the `value` of the designation list)'),
  grossIncome: ZMajorAmount.nullish().describe('annual gross income in major units'),
  probationEndDate: ZDate.nullish().describe('the last day of probation (HR reminders)'),
  contractEndDate: ZDate.nullish().describe('the end of a fixed-term contract (HR reminders)'),
});
export type TEmployeeInput = z.infer<typeof ZEmployeeInput>;

/** update-1: any subset of the create fields. */
export const ZEmployeeUpdate = ZEmployeeInput.partial().extend({
  employeeNumber: ZEmployeeNumberInput.optional(),
  startDate: ZDate.optional(),
}).refine((v) => Object.values(v).some((x) => x !== undefined), 'send at least one field to change');
export type TEmployeeUpdate = z.infer<typeof ZEmployeeUpdate>;

/** Fields an employee may change about themselves through the portal. */
export const PORTAL_EDITABLE_FIELDS = ['phone', 'address', 'dateOfBirth', 'gender', 'nextOfKinName', 'nextOfKinPhone'] as const;

export const ZPersonRef = z.object({ _id: ZId, name: z.string(), employeeNumber: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

export const ZEmployee = z.object({
  _id: ZId,
  employeeNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  nextOfKinName: z.string().nullable(),
  nextOfKinPhone: z.string().nullable(),
  employmentType: z.string(),
  startDate: z.string(),
  departmentId: ZId.nullable(),
  department: z.string().nullable(),
  unitId: ZId.nullable(),
  unit: z.string().nullable(),
  designationId: ZId.nullable(),
  designation: z.string().nullable(),
  grossIncome: z.number().nullable().describe('annual gross, major units (display only)'),
  grossIncomeMinor: z.number().int().nullable().describe('annual gross, integer minor units (kobo, pesewa)'),
  imagePath: z.string().nullable().describe('authenticated photo address (GET with the bearer token)'),
  appraiserId: ZId.nullable(),
  superiorId: ZId.nullable(),
  uplineId: ZId.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The exit (issue 32): last day, reason (EXIT_REASONS) and note; null while employed. */
  exitDate: z.string().nullable(),
  exitReason: z.string().nullable(),
  exitNote: z.string().nullable(),
  probationEndDate: z.string().nullable(),
  contractEndDate: z.string().nullable(),
});
export type TEmployee = z.infer<typeof ZEmployee>;

/**
 * The two sign-in codes, shown once: in the answer that issues them (create, regenerate-portal-code) and never
 * again; the server keeps only their hashes. `portalCode` opens the portal (with the PIN the employee sets),
 * `employeeUniqueCode` signs the employee in at a collection point.
 */
export const ZIssuedCodes = z.object({
  portalCode: z.string().describe('shown once; the server keeps only a hash'),
  employeeUniqueCode: z.string().describe('shown once; the server keeps only a hash'),
});
export type TIssuedCodes = z.infer<typeof ZIssuedCodes>;
/** An employee with the codes just issued (create and regenerate-portal-code answers only). */
export const ZEmployeeWithCodes = ZEmployee.extend(ZIssuedCodes.shape);
export type TEmployeeWithCodes = z.infer<typeof ZEmployeeWithCodes>;

export const ZEmployeeDetail = ZEmployee.extend({
  appraiser: ZPersonRef.nullable(),
  superior: ZPersonRef.nullable(),
  upline: ZPersonRef.nullable(),
  downlines: z.array(ZPersonRef),
});
export type TEmployeeDetail = z.infer<typeof ZEmployeeDetail>;


/** Filters shared by the list and the export. */
export const ZEmployeeFilter = z.object({
  search: z.string().trim().max(100, 'must be at most 100 characters').optional().describe('part of the name, e-mail or employee number'),
  departmentId: ZId.optional(),
  designationId: ZId.optional(),
  status: z.enum(['current', 'left'], { message: 'must be current or left' }).optional().describe('current: no exit recorded; left: an exit recorded'),
  sort: z.enum(EMPLOYEE_SORTS, { message: `must be one of: ${EMPLOYEE_SORTS.join(', ')}` }).default('name'),
  order: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('asc'),
});
export type TEmployeeFilter = z.infer<typeof ZEmployeeFilter>;
export const ZEmployeeListQuery = ZPageQuery.extend(ZEmployeeFilter.shape);
export type TEmployeeListQuery = z.infer<typeof ZEmployeeListQuery>;
export const ZExportQuery = ZEmployeeFilter.extend({ format: z.enum(['csv', 'xlsx'], { message: 'must be csv or xlsx' }) });
export type TExportQuery = z.infer<typeof ZExportQuery>;

export const ZDesignationInput = z.object({
  name: ZName(120),
  description: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  email: ZEmail.optional().describe("the business's owner e-mail; checked when sent"),
});
export type TDesignationInput = z.infer<typeof ZDesignationInput>;
/** `value`/`label` are what the web's select uses; `_id`/`name` are the same values. */
export const ZDesignation = z.object({
  _id: ZId,
  name: z.string(),
  value: ZId,
  label: z.string(),
  description: z.string().nullable(),
  employeeCount: z.number().int(),
  createdAt: z.string(),
});
export type TDesignation = z.infer<typeof ZDesignation>;

/** Moves one employee (`employeeId`) or several (`employeeIds`) to a department (update-1 with departmentId null takes one out). */
export const ZUpdateDepartment = z.object({
  employeeId: ZId.optional(),
  employeeIds: z.array(ZId).min(1, 'must list at least one employee').max(500, 'must list at most 500 employees').optional(),
  departmentId: ZId,
}).refine((v) => v.employeeId !== undefined || v.employeeIds !== undefined, { message: 'send employeeId or employeeIds', path: ['employeeId'] });
export type TUpdateDepartment = z.infer<typeof ZUpdateDepartment>;

/** Absent = unchanged, null = cleared. `downlines` replaces the list of people whose upline this employee is. */
export const ZUpdateHierarchy = z.object({
  employeeId: ZId,
  appraiser: ZId.nullable().optional(),
  superior: ZId.nullable().optional(),
  upline: ZId.nullable().optional(),
  downlines: z.array(ZId).max(500, 'must list at most 500 employees').optional(),
});
export type TUpdateHierarchy = z.infer<typeof ZUpdateHierarchy>;

export const ZSummary = z.object({
  headcount: z.number().int(),
  byDepartment: z.array(z.object({ departmentId: ZId.nullable(), department: z.string(), unit: z.string().nullable(), count: z.number().int() })),
  byDesignation: z.array(z.object({ designationId: ZId.nullable(), designation: z.string(), count: z.number().int() })),
  byEmploymentType: z.array(z.object({ employmentType: z.string(), count: z.number().int() })),
  joinersByMonth: z.array(z.object({ month: z.string().describe('YYYY-MM'), count: z.number().int() })).describe('the last 12 months, oldest first, by start date'),
});
export type TSummary = z.infer<typeof ZSummary>;

// Import and export.
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** Columns of the import file (header names are matched without case, spaces or punctuation) and of the export. */
export const IMPORT_COLUMNS = [
  'employeeNumber', 'firstName', 'lastName', 'email', 'phone', 'gender', 'dateOfBirth', 'address', 'nextOfKinName', 'nextOfKinPhone',
  'employmentType', 'startDate', 'unit', 'department', 'designation', 'grossIncome',
] as const;
export const ZImportRowError = z.object({ row: z.number().int().describe('spreadsheet row: the header is row 1'), field: z.string(), message: z.string().describe("e.g. 'row 12: email is not valid'") });
export type TImportRowError = z.infer<typeof ZImportRowError>;
export const ZImportPreview = z.object({
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  totalRows: z.number().int(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(ZImportRowError).describe('the first 1000 errors'),
  columns: z.object({ recognised: z.array(z.string()), ignored: z.array(z.string()) }),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;
export const ZImportResult = z.object({
  created: z.number().int(),
  skipped: z.number().int().describe('invalid rows left out (importValidRows only)'),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(ZImportRowError),
});
export type TImportResult = z.infer<typeof ZImportResult>;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const ZJob = z.object({
  _id: ZId,
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  phase: z.string().describe('queued, validating, importing, done'),
  progress: z.number().int().min(0).max(100),
  processed: z.number().int(),
  total: z.number().int(),
  message: z.string().nullable().describe('why it failed, for people'),
  result: ZImportResult.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;
export const ZJobIdParams = z.object({ jobId: ZId });
export const ZImportStarted = z.object({ jobId: ZId, status: z.enum(JOB_STATUSES), total: z.number().int() });

// Department view (`/department-view/{unit}/{dept}`) and its files and videos.
export const ZDepartmentViewParams = z.object({
  unit: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters').describe("the unit's _id or name"),
  dept: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters').describe("the department's _id or name"),
});
export const ZDepartmentFile = z.object({
  _id: ZId,
  index: z.number().int().describe('position in the department\'s file list: the fileIndex of deleteFileFromDepartment'),
  kind: z.enum(['file', 'video']),
  name: z.string(),
  url: z.string().describe('video: the video address; file: the authenticated download address'),
  mime: z.string().nullable(),
  size: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TDepartmentFile = z.infer<typeof ZDepartmentFile>;
export const ZDepartmentView = z.object({
  unit: z.object({ _id: ZId, name: z.string() }),
  department: z.object({ _id: ZId, name: z.string(), description: z.string().nullable() }),
  employees: z.array(ZEmployee),
  files: z.array(ZDepartmentFile).describe('files and videos in list order; index = fileIndex'),
  videos: z.array(ZDepartmentFile).describe('the videos of `files`, with the same index'),
});
export type TDepartmentView = z.infer<typeof ZDepartmentView>;

/** PUT /designation/{id} (issue 10): rename a job title or change its description. */
export const ZDesignationUpdate = ZDesignationInput.pick({ name: true, description: true });
export type TDesignationUpdate = z.infer<typeof ZDesignationUpdate>;
