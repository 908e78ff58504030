import { useMemo } from 'react';
import { SpreadsheetImportDialog, templateCsv, type TImportApi } from '../../../shared/ui/SpreadsheetImportDialog.tsx';
import { EMPLOYEES_KEY, getImportJob, previewImport, startImport } from '../api.ts';

/** The template's header row: the column names the import recognises. */
export const IMPORT_TEMPLATE_HEADER = [
  'Employee number', 'First name', 'Last name', 'Email', 'Phone', 'Gender', 'Date of birth', 'Address', 'Next of kin', 'Next of kin phone',
  'Employment type', 'Start date', 'Unit', 'Department', 'Designation', 'Gross income',
] as const;
const TEMPLATE_EXAMPLE = ['', 'Ngozi', 'Eze', 'ngozi.eze@example.com', '+234 803 000 0000', 'female', '1990-04-12', '12 Allen Avenue, Ikeja', 'Chika Eze', '+234 803 111 1111', 'full-time', '2026-01-05', '', '', '', '1500000'];

/** The template; without a pay role it has no gross column (the import refuses one with figures from such a user). */
export const importTemplateCsv = ({ withPay = true }: { withPay?: boolean } = {}) => {
  const keep = IMPORT_TEMPLATE_HEADER.map((h) => withPay || h !== 'Gross income');
  const pick = (cells: readonly string[]) => cells.filter((_, i) => keep[i]);
  return templateCsv(pick(IMPORT_TEMPLATE_HEADER), pick(TEMPLATE_EXAMPLE));
};

/** `canSetPay`: the owner or Accounts-access; HR-access alone gets a template and instructions without pay. */
type TProps = { open: boolean; onClose: () => void; pollMs?: number; canSetPay?: boolean };

/** Employee import: all or nothing, or the valid rows only. */
export const ImportDialog = ({ canSetPay = true, ...props }: TProps) => {
  const api = useMemo<TImportApi>(() => ({
    preview: previewImport,
    start: startImport,
    getJob: getImportJob,
    queryKey: EMPLOYEES_KEY,
    jobKind: 'employee-import',
    template: { fileName: 'employees-template.csv', csv: () => importTemplateCsv({ withPay: canSetPay }) },
    columnsKey: canSetPay ? 'import.columns' : 'import.columnsNoPay',
    allowValidRows: true,
  }), [canSetPay]);
  return <SpreadsheetImportDialog {...props} ns="people" api={api} />;
};
