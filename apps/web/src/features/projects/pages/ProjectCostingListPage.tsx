import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import type { GridColDef } from '@mui/x-data-grid';
import type { TProjectHeadline } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { useProjectCostingList } from '../api.ts';
import { marginPercent } from '../costing.ts';

/** /project-costs (issue 35): every project with its contract, budget, committed, actual, billed, paid and margin. */
export const ProjectCostingListPage = () => {
  const { t, i18n } = useTranslation('projects');
  const user = useCurrentUser();
  const list = useProjectCostingList();
  const language = i18n.language;
  const opts = { currency: user.currency, language };
  const columns: GridColDef<TProjectHeadline>[] = [
    { field: 'name', headerName: t('columns.project'), flex: 1.5, minWidth: 170, renderCell: ({ row }) => <Link component={RouterLink} to={`/project-costs/${row.projectId}`}>{row.name}</Link> },
    moneyColumn('contractValueMinor', t('columns.contractValue'), opts),
    moneyColumn('budgetMinor', t('columns.budget'), opts),
    moneyColumn('committedMinor', t('columns.committed'), opts),
    moneyColumn('actualMinor', t('columns.actual'), opts),
    moneyColumn('billedMinor', t('columns.billed'), opts),
    moneyColumn('paidMinor', t('columns.paid'), opts),
    moneyColumn('marginMinor', t('columns.margin'), opts),
    { field: 'marginBp', headerName: '%', width: 90, align: 'right', headerAlign: 'right', valueFormatter: (v: number | null) => marginPercent(v, language) },
  ];
  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      {list.isLoading ? <Skeleton variant="rounded" height={240} />
        : list.isError ? <Alert severity="error">{t('list.loadFailed')}</Alert>
          : (list.data ?? []).length === 0 ? (
            <Card><EmptyState Icon={AccountTreeIcon} title={t('list.emptyTitle')} body={t('list.emptyBody')} /></Card>
          ) : (
            <Card>
              <CardContent>
                <DataTable<TProjectHeadline> label={t('list.label')} rows={list.data ?? []} getRowId={(r) => r.projectId} columns={columns} />
              </CardContent>
            </Card>
          )}
    </>
  );
};
