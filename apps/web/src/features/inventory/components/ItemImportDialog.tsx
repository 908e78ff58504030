import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INVENTORY_IMPORT_HEADER, INVENTORY_IMPORT_MSG } from '@bizdesk/contract';
import { allOrNothingImport, SpreadsheetImportDialog, templateCsv } from '../../../shared/ui/SpreadsheetImportDialog.tsx';
import { INVENTORY_KEY } from '../api.ts';

const TEMPLATE_EXAMPLE = ['lekki-site', 'Dangote cement 50kg', 'CEM-50', 'bags', 'Building materials', '120', '20', '5200.50'];
export const itemTemplateCsv = () => templateCsv(INVENTORY_IMPORT_HEADER, TEMPLATE_EXAMPLE);

type TProps = { open: boolean; onClose: () => void; pollMs?: number };

/** /inventory: items with their opening stock from a CSV or Excel file, all rows or none. */
export const ItemImportDialog = (props: TProps) => {
  const { t, i18n } = useTranslation('inventory');
  const language = i18n.resolvedLanguage ?? 'en';
  const api = useMemo(() => allOrNothingImport({
    path: '/inventory/import', language, queryKey: INVENTORY_KEY, jobKind: 'inventory-import',
    template: { fileName: 'inventory-template.csv', csv: itemTemplateCsv }, messages: INVENTORY_IMPORT_MSG, translate: (key) => t(key),
  }), [language, t]);
  return <SpreadsheetImportDialog {...props} ns="inventory" api={api} />;
};
