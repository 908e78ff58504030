import type { TImportPreview } from '@bizdesk/contract';
import { SpreadsheetImportDialog, templateCsv, type TImportApi } from '../../../shared/ui/SpreadsheetImportDialog.tsx';
import { EMPLOYEES_KEY, getImportJob, previewImport, startImport } from '../api.ts';

/** The template's header row: the column names the import recognises. */
export const IMPORT_TEMPLATE_HEADER = [
  'Employee number', 'First name', 'Last name', 'Email', 'Phone', 'Gender', 'Date of birth', 'Address', 'Next of kin', 'Next of kin phone',
  'Employment type', 'Start date', 'Unit', 'Department', 'Designation', 'Gross income',
] as const;
const TEMPLATE_EXAMPLE = ['', 'Ngozi', 'Eze', 'ngozi.eze@example.com', '+234 803 000 0000', 'female', '1990-04-12', '12 Allen Avenue, Ikeja', 'Chika Eze', '+234 803 111 1111', 'full-time', '2026-01-05', '', '', '', '1500000'];
export const importTemplateCsv = () => templateCsv(IMPORT_TEMPLATE_HEADER, TEMPLATE_EXAMPLE);

const EMPLOYEE_IMPORT: TImportApi = {
  preview: (file: File): Promise<TImportPreview> => previewImport(file),
  start: startImport,
  getJob: getImportJob,
  queryKey: EMPLOYEES_KEY,
  jobKind: 'employee-import',
  template: { fileName: 'employees-template.csv', csv: importTemplateCsv },
  allowValidRows: true,
};

type TProps = { open: boolean; onClose: () => void; pollMs?: number };

/** Employee import: all or nothing, or the valid rows only. */
export const ImportDialog = (props: TProps) => <SpreadsheetImportDialog {...props} ns="people" api={EMPLOYEE_IMPORT} />;
