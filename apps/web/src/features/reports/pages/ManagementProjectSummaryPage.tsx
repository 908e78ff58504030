import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { ManagementView } from '../components/ManagementView.tsx';

/** /management-project-summary/{dept}: the management figures of one department's projects. */
export const ManagementProjectSummaryPage = () => {
  const { t } = useTranslation('costs');
  const { dept = 'default' } = useParams();
  return (
    <>
      <PageHeader title={t('management.summaryTitle', { dept })} description={t('management.summaryDescription', { dept })} />
      <ManagementView dept={dept} />
    </>
  );
};
