import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import InsightsIcon from '@mui/icons-material/Insights';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { ManagementView } from '../components/ManagementView.tsx';
import { ReportDialog } from '../components/ReportDialog.tsx';
import { businessReport } from '../api.ts';

/** /management: every project's payments against overheads, stock used and payroll cost, with the margin. */
export const ManagementPage = () => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <PageHeader title={t('management.title')} description={t('management.description')}
        actions={<Button variant="outlined" startIcon={<InsightsIcon />} onClick={() => setReporting(true)}>{t('report.generate')}</Button>} />
      <ManagementView />
      <ReportDialog open={reporting} title={`${t('report.title')}: ${user.businessName}`} onClose={() => setReporting(false)}
        write={() => businessReport(user.ownerEmail, user.businessName, user.country, i18n.language)} />
    </>
  );
};
