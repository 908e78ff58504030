import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAY_DETAILS_MSG, payDetailsColumns } from '@bizdesk/contract';
import { SpreadsheetImportDialog, templateCsv } from '../../../shared/ui/SpreadsheetImportDialog.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { payDetailsImport } from '../paySetupApi.ts';

/** One example row per column key; the template keeps the business's country's columns. */
const EXAMPLE: Record<string, Record<string, string>> = {
  NG: {
    employeeNumber: 'EMP-0001', email: 'ada@example.com', name: 'Ada Obi', grossIncome: '6000000', bank: 'Guaranty Trust Bank', bankCode: '058', accountNumber: '0123456785',
    accountName: 'Ada Obi', payDay: '25', pensionFundAdministrator: 'Stanbic IBTC Pension Managers Limited', rsaPin: 'PEN100000000001', stateOfResidence: 'Lagos', tin: '', nhf: 'yes', nhfNumber: '',
  },
  GH: { employeeNumber: 'EMP-0001', email: 'kofi@example.com', name: 'Kofi Mensah', grossIncome: '60000', bank: 'GCB Bank', bankCode: '040', accountNumber: '1021130012345', accountName: 'Kofi Mensah', payDay: '25', region: 'Greater Accra' },
};

export const payDetailsTemplateCsv = (country: string) => {
  const columns = payDetailsColumns(country);
  const example = EXAMPLE[country] ?? EXAMPLE.NG;
  return templateCsv(columns.map((c) => c.header), columns.map((c) => example[c.key] ?? ''));
};

type TProps = { open: boolean; onClose: () => void; pollMs?: number };

/** Wages: pay details for many employees from a spreadsheet, checked row by row before anything is saved. */
export const PayDetailsImportDialog = (props: TProps) => {
  const { t, i18n } = useTranslation('pay');
  const user = useCurrentUser();
  const language = i18n.resolvedLanguage ?? 'en';
  const api = useMemo(() => payDetailsImport({
    language, messages: PAY_DETAILS_MSG, translate: (key) => t(key),
    template: { fileName: 'pay-details-template.csv', csv: () => payDetailsTemplateCsv(user.country) },
  }), [language, t, user.country]);
  return <SpreadsheetImportDialog {...props} ns="pay" api={api} />;
};
