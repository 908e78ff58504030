import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VENDOR_IMPORT_HEADER, VENDOR_IMPORT_MSG } from '@bizdesk/contract';
import { allOrNothingImport, SpreadsheetImportDialog, templateCsv } from '../../../shared/ui/SpreadsheetImportDialog.tsx';
import { PROCUREMENT_KEY } from '../../orders/api.ts';

const TEMPLATE_EXAMPLE = ['Julius Berger Supplies', 'Ada Obi', 'sales@example.com', '+234 803 000 0001', '12 Allen Avenue, Ikeja', 'Zenith Bank', '1234567890', 'Julius Berger Supplies', 'TIN-0000000', 'Steel; Cement', '5', ''];
export const vendorTemplateCsv = () => templateCsv(VENDOR_IMPORT_HEADER, TEMPLATE_EXAMPLE);

type TProps = { open: boolean; onClose: () => void; pollMs?: number };

/** The vendors tab: vendors from a CSV or Excel file with the vendor form's columns, all rows or none. */
export const VendorImportDialog = (props: TProps) => {
  const { t, i18n } = useTranslation('procurement');
  const language = i18n.resolvedLanguage ?? 'en';
  const api = useMemo(() => allOrNothingImport({
    path: '/vendors/import', language, queryKey: PROCUREMENT_KEY, jobKind: 'vendor-import',
    template: { fileName: 'vendors-template.csv', csv: vendorTemplateCsv }, messages: VENDOR_IMPORT_MSG, translate: (key) => t(key),
  }), [language, t]);
  return <SpreadsheetImportDialog {...props} ns="procurement" api={api} />;
};
