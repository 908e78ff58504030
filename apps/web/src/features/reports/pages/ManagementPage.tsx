import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { ManagementView } from '../components/ManagementView.tsx';

/** /management: every project's payments against overheads, stock used and payroll cost, with the margin. */
export const ManagementPage = () => {
  const { t } = useTranslation('costs');
  return (
    <>
      <PageHeader title={t('management.title')} description={t('management.description')} />
      <ManagementView />
    </>
  );
};
