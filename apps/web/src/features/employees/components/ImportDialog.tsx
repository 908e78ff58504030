import { useMemo } from 'react';
import { SpreadsheetImportDialog, templateCsv, type TImportApi } from '../../../shared/ui/SpreadsheetImportDialog.tsx';
import { useSession } from '../../../shared/session.ts';
import { EMPLOYEES_KEY, getImportJob, previewImport, startImport } from '../api.ts';

/** The template's header row: the column names the import recognises. */
export const IMPORT_TEMPLATE_HEADER = [
  'Employee number', 'First name', 'Last name', 'Email', 'Phone', 'Gender', 'Date of birth', 'Address', 'Next of kin', 'Next of kin phone',
  'Employment type', 'Start date', 'Unit', 'Department', 'Designation', 'Gross income',
] as const;
const TEMPLATE_EXAMPLE = ['', 'Ngozi', 'Eze', 'ngozi.eze@example.com', '+234 803 000 0000', 'female', '1990-04-12', '12 Allen Avenue, Ikeja', 'Chika Eze', '+234 803 111 1111', 'full-time', '2026-01-05', '', '', '', '1500000'];

/** The statutory identifier columns (issue 31) of each country, with an example; pay-private like the gross. */
export const IDENTIFIER_TEMPLATE: Record<'NG' | 'GH', ReadonlyArray<readonly [string, string]>> = {
  NG: [['TIN', '12345678-0001'], ['RSA PIN', 'PEN100012345678'], ['PFA', 'Stanbic IBTC Pension Managers Limited'], ['NHF number', ''], ['State of residence', 'Lagos']],
  GH: [['Ghana Card', 'GHA-123456789-0'], ['SSNIT number', 'C017605040026'], ['TIN', 'P0012345678'], ['Region', 'Greater Accra']],
};

/**
 * The template; without a pay role it has no gross column and no identifiers (the import refuses figures in them
 * from such a user). With a pay role and the business's country, the country's identifier columns follow.
 */
export const importTemplateCsv = ({ withPay = true, country }: { withPay?: boolean; country?: string } = {}) => {
  const keep = IMPORT_TEMPLATE_HEADER.map((h) => withPay || h !== 'Gross income');
  const pick = (cells: readonly string[]) => cells.filter((_, i) => keep[i]);
  const ids = withPay && country ? IDENTIFIER_TEMPLATE[country === 'GH' ? 'GH' : 'NG'] : [];
  return templateCsv([...pick(IMPORT_TEMPLATE_HEADER), ...ids.map(([h]) => h)], [...pick(TEMPLATE_EXAMPLE), ...ids.map(([, v]) => v)]);
};

/** `canSetPay`: the owner or Accounts-access; HR-access alone gets a template and instructions without pay. */
type TProps = { open: boolean; onClose: () => void; pollMs?: number; canSetPay?: boolean };

/** Employee import: all or nothing, or the valid rows only. */
export const ImportDialog = ({ canSetPay = true, ...props }: TProps) => {
  const country = useSession().user?.country === 'GH' ? 'GH' : 'NG';
  const api = useMemo<TImportApi>(() => ({
    preview: previewImport,
    start: startImport,
    getJob: getImportJob,
    queryKey: EMPLOYEES_KEY,
    jobKind: 'employee-import',
    template: { fileName: 'employees-template.csv', csv: () => importTemplateCsv({ withPay: canSetPay, country }) },
    columnsKey: canSetPay ? (country === 'GH' ? 'import.columnsGh' : 'import.columnsNg') : 'import.columnsNoPay',
    allowValidRows: true,
  }), [canSetPay, country]);
  return <SpreadsheetImportDialog {...props} ns="people" api={api} />;
};
