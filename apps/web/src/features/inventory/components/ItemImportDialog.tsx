import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INVENTORY_IMPORT_HEADER, INVENTORY_IMPORT_MSG } from '@bizdesk/contract';
import { SpreadsheetImportDialog, templateCsv, type TImportApi } from '../../../shared/ui/SpreadsheetImportDialog.tsx';
import { getItemImportJob, INVENTORY_KEY, previewItemImport, startItemImport } from '../api.ts';

const TEMPLATE_EXAMPLE = ['lekki-site', 'Dangote cement 50kg', 'CEM-50', 'bags', 'Building materials', '120', '20', '5200.50'];
export const itemTemplateCsv = () => templateCsv(INVENTORY_IMPORT_HEADER, TEMPLATE_EXAMPLE);

const MESSAGE_KEYS = new Map<string, string>(Object.entries(INVENTORY_IMPORT_MSG).map(([key, text]) => [text, key]));

type TProps = { open: boolean; onClose: () => void; pollMs?: number };

/** /inventory: items with their opening stock from a CSV or Excel file, all rows or none. */
export const ItemImportDialog = (props: TProps) => {
  const { t, i18n } = useTranslation('inventory');
  const language = i18n.resolvedLanguage ?? 'en';
  const api = useMemo<TImportApi>(() => ({
    preview: (file) => previewItemImport(file, language),
    start: (file) => startItemImport(file, language),
    getJob: getItemImportJob,
    queryKey: INVENTORY_KEY,
    jobKind: 'inventory-import',
    template: { fileName: 'inventory-template.csv', csv: itemTemplateCsv },
    allowValidRows: false,
    translateJobMessage: (message) => {
      const key = MESSAGE_KEYS.get(message);
      return key ? t(`import.server.${key}`) : null;
    },
  }), [language, t]);
  return <SpreadsheetImportDialog {...props} ns="inventory" api={api} />;
};
