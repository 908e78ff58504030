import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import PaymentsIcon from '@mui/icons-material/Payments';
import SettingsIcon from '@mui/icons-material/Settings';
import SavingsIcon from '@mui/icons-material/Savings';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { GridColDef, GridPaginationModel, GridRowSelectionModel } from '@mui/x-data-grid';
import { MSG, type TCostRecord, type TProjectFigures } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { formatMinor } from '../../../shared/format/money.ts';
import { Money } from '../../../shared/ui/Money.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { translateMessage } from '../../../shared/i18n/index.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useDeleteRecord, useGroupDelete, useProjectRecords, type TRecordFilters } from '../api.ts';
import { RecordFilters } from './RecordFilters.tsx';
import { ImportBatchesPanel } from './ImportBatchesPanel.tsx';
import { CostDialog } from './CostDialog.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { ProjectPayments } from './ProjectPayments.tsx';
import { ImportBacklogDialog } from './ImportBacklogDialog.tsx';
import { ReceiptDialog } from './ReceiptDialog.tsx';
import { ProjectDialog } from './ProjectDialog.tsx';
import { minorToInput } from './fields.ts';
import { ReportDialog } from '../../reports/components/ReportDialog.tsx';
import { projectReport, runningCostReport } from '../../reports/api.ts';
import { RunningCostDialog } from './RunningCostDialog.tsx';
import InsightsIcon from '@mui/icons-material/Insights';

type TDialog = 'cost' | 'payment' | 'import' | 'receipt' | 'settings' | 'report' | 'running' | 'runningReport' | null;
const noneSelected: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** One project: its figures, its overhead records (paged on the server) and its payments. */
export const ProjectDetail = ({ project, dept, extraActions }: { project: TProjectFigures; dept: string; extraActions?: React.ReactNode }) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const language = i18n.language;
  const figure = (minor: number | null) => <Money compact minor={minor} currency={user.currency} empty={t('project.notSet')} />;
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [filters, setFilters] = useState<TRecordFilters>({});
  // New filters start again at the first page (the server searches every page).
  const onFilters = useCallback((next: TRecordFilters) => {
    setFilters((had) => (JSON.stringify(had) === JSON.stringify(next) ? had : next));
    setPaging((p) => (p.page === 0 ? p : { ...p, page: 0 }));
  }, []);
  const isFiltered = Object.values(filters).some((v) => v !== undefined && v !== '');
  const records = useProjectRecords(user.ownerEmail, project.tagName, paging.page, paging.pageSize, filters);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [editing, setEditing] = useState<TCostRecord | null>(null);
  const [deleting, setDeleting] = useState<TCostRecord | null>(null);
  const [selection, setSelection] = useState<GridRowSelectionModel>(noneSelected);
  const [confirmMany, setConfirmMany] = useState(false);
  const [workLevel, setWorkLevel] = useState('');
  const deleteOne = useDeleteRecord(t('project.deleted'));
  const deleteMany = useGroupDelete(t('project.deleted'));
  const selectedIds = [...selection.ids].map(String);

  const columns = useMemo<GridColDef<TCostRecord>[]>(() => [
    { field: 'date', headerName: t('fields.date'), width: 120, valueFormatter: (v: string) => formatDate(v, language) },
    { field: 'description', headerName: t('fields.description'), flex: 2, minWidth: 180 },
    { field: 'category', headerName: t('fields.category'), flex: 1, minWidth: 120 },
    moneyColumn('amountMinor', t('fields.amount'), { currency: user.currency, language, flex: undefined, width: 150 }),
    { field: 'source', headerName: t('fields.source'), width: 110, renderCell: ({ value }) => <Chip size="small" variant="outlined" label={t(`sources.${value as string}`)} /> },
    { field: 'employeeName', headerName: t('fields.employeeName'), width: 150 },
    {
      field: 'actions', headerName: t('project.actions'), width: 110, sortable: false, filterable: false, disableExport: true,
      renderCell: ({ row }) => (
        <Stack direction="row">
          <Tooltip title={t('project.edit')}><IconButton size="small" aria-label={`${t('project.edit')} ${row.description}`} onClick={() => setEditing(row)}><EditIcon fontSize="small" /></IconButton></Tooltip>
          <Tooltip title={t('project.delete')}><IconButton size="small" aria-label={`${t('project.delete')} ${row.description}`} onClick={() => setDeleting(row)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
        </Stack>
      ),
    },
  ], [t, language, user.currency]);

  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}><StatCard label={t('fields.budget')} value={figure(project.budgetMinor)} caption={t('project.budgetCaption')} Icon={SavingsIcon} color="#1d4ed8" /></Grid>
        <Grid size={{ xs: 6, md: 3 }}><StatCard label={t('fields.overheads')} value={<span data-testid="project-overheads">{figure(project.overheadsMinor)}</span>} Icon={ReceiptLongIcon} color="#b45309" /></Grid>
        <Grid size={{ xs: 6, md: 3 }}><StatCard label={t('fields.payments')} value={figure(project.paymentsMinor)} Icon={AccountBalanceWalletIcon} color="#0f766e" /></Grid>
        <Grid size={{ xs: 6, md: 3 }}><StatCard label={t('fields.margin')} value={figure(project.marginMinor)} caption={t('project.marginCaption')} Icon={TrendingUpIcon} color={project.marginMinor < 0 ? '#b91c1c' : '#047857'} /></Grid>
      </Grid>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('cost')}>{t('project.addCost')}</Button>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setDialog('import')}>{t('project.importSheet')}</Button>
        <Button variant="outlined" startIcon={<DocumentScannerIcon />} onClick={() => setDialog('receipt')}>{t('project.scanReceipt')}</Button>
        <Button variant="outlined" startIcon={<PaymentsIcon />} onClick={() => setDialog('payment')}>{t('project.addPayment')}</Button>
        <Button variant="outlined" startIcon={<InsightsIcon />} onClick={() => setDialog('report')}>{t('report.generate')}</Button>
        <Button variant="outlined" startIcon={<InsightsIcon />} onClick={() => setDialog('running')}>{t('report.running')}</Button>
        <Button variant="text" startIcon={<SettingsIcon />} onClick={() => setDialog('settings')}>{t('project.settings')}</Button>
        {extraActions}
      </Stack>

      <Card>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h6" component="h2">{t('project.recordsTitle')}</Typography>
            {selectedIds.length ? (
              <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirmMany(true)}>{t('project.deleteSelected', { count: selectedIds.length })}</Button>
            ) : null}
          </Stack>
          {records.isError ? <Alert severity="error" sx={{ mb: 2 }}>{translateMessage(t, MSG.fetchRecordsFailed)}</Alert> : null}
          {project.recordCount > 0 || isFiltered ? <RecordFilters onChange={onFilters} /> : null}
          {records.data && (isFiltered || records.data.totalRecords > 0) ? (
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="records-matching" aria-live="polite">
              {t('records.matching', { count: records.data.totalRecords, amount: formatMinor(records.data.totalAmountMinor, user.currency, language) })}
            </Typography>
          ) : null}
          {!records.isLoading && !records.isError && records.data?.totalRecords === 0 ? (
            isFiltered ? <EmptyState compact Icon={ReceiptLongIcon} title={t('records.noMatchTitle')} body={t('records.noMatchBody')} />
              : <EmptyState compact Icon={ReceiptLongIcon} title={t('project.noRecordsTitle')} body={t('project.noRecordsBody')} />
          ) : (
            <DataTable<TCostRecord>
              label={t('project.recordsLabel', { project: project.tagName })}
              rows={records.isError ? [] : (records.data?.rows ?? [])}
              getRowId={(r) => r._id}
              columns={columns}
              loading={records.isFetching}
              paginationMode="server"
              rowCount={records.data?.totalRecords ?? 0}
              paginationModel={paging}
              onPaginationModelChange={setPaging}
              checkboxSelection
              keepNonExistentRowsSelected
              rowSelectionModel={selection}
              onRowSelectionModelChange={setSelection}
            />
          )}
        </CardContent>
      </Card>

      <ImportBatchesPanel tagName={project.tagName} />

      <ProjectPayments tagName={project.tagName} />

      <CostDialog open={dialog === 'cost' || !!editing} tagName={project.tagName} record={editing} onClose={() => { setDialog(null); setEditing(null); }} />
      <PaymentDialog open={dialog === 'payment'} tagName={project.tagName} onClose={() => setDialog(null)} />
      <ImportBacklogDialog open={dialog === 'import'} tagName={project.tagName} onClose={() => setDialog(null)} />
      <ReceiptDialog open={dialog === 'receipt'} tagName={project.tagName} onClose={() => setDialog(null)} />
      <ReportDialog open={dialog === 'report'} title={`${t('report.title')}: ${project.tagName}`} tagName={project.tagName} onClose={() => setDialog(null)}
        write={() => projectReport(user.ownerEmail, project.tagName, user.country, i18n.language)} />
      <RunningCostDialog open={dialog === 'running'} onClose={() => setDialog(null)} onSubmit={(level) => { setWorkLevel(level); setDialog('runningReport'); }} />
      <ReportDialog open={dialog === 'runningReport'} title={`${t('report.running')}: ${project.tagName}`} tagName={project.tagName} onClose={() => setDialog(null)}
        write={() => runningCostReport({ email: user.ownerEmail, projectTitle: project.projectDescription || project.tagName, country: user.country, TotalOverheadExpenses: minorToInput(project.overheadsMinor), CurrentWorkLevel: workLevel, tagName: project.tagName, language: i18n.language })} />
      <ProjectDialog open={dialog === 'settings'} project={project} dept={dept} onClose={() => setDialog(null)} />
      <ConfirmDialog open={!!deleting} title={t('project.deleteOne')} destructive busy={deleteOne.isPending}
        body={deleting ? t('project.deleteOneBody', { description: deleting.description, amount: formatMinor(deleting.amountMinor, user.currency, language) }) : ''}
        confirmLabel={t('project.delete')} onClose={() => setDeleting(null)}
        onConfirm={() => deleting && deleteOne.mutate(deleting._id, { onSettled: () => setDeleting(null) })} />
      <ConfirmDialog open={confirmMany} title={t('project.deleteMany', { count: selectedIds.length })} body={t('project.deleteManyBody')} destructive busy={deleteMany.isPending}
        confirmLabel={t('project.delete')} onClose={() => setConfirmMany(false)}
        onConfirm={() => deleteMany.mutate({ email: user.ownerEmail, recordIds: selectedIds }, { onSuccess: () => setSelection(noneSelected), onSettled: () => setConfirmMany(false) })} />
    </Stack>
  );
};
