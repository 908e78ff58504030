import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import SavingsIcon from '@mui/icons-material/SavingsOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryParam } from '../../../shared/useQueryParam.ts';
import type { TRunLine } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { Money } from '../../../shared/ui/Money.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { normalizeRoles } from '../../../shared/access.ts';
import { RunEmployerCost } from '../components/RunEmployerCost.tsx';
import { RunRegisterButton } from '../components/RunRegisterButton.tsx';
import { RunVariance } from '../components/RunVariance.tsx';
import { ApproveRunDialog } from '../components/ApproveRunDialog.tsx';
import { ApproveBlocked, SelfApprovalNote } from '../components/ApproveBlocked.tsx';
import { BankFileMenu } from '../components/BankFileMenu.tsx';
import { OffCycleRunBar } from '../components/OffCycleRunBar.tsx';
import { useOffCycleRun } from '../offCycleApi.ts';
import { thisMonth, useApproveRun, useBulkUpload, useRun, useRunAction, useRunLines, useSlipVisibility } from '../api.ts';

const STATUS_COLOR = { draft: 'default', approved: 'success', paid: 'primary' } as const;

/** /salary: the month's run — members, computing with progress, lines and totals, approval, payslips, bank file. */
export const SalaryPage = () => {
  const { t, i18n } = useTranslation('pay');
  const language = i18n.language;
  const user = useCurrentUser();
  // In the address (issue 30): a notification or the dashboard opens a run by its month (?month=YYYY-MM).
  const [monthParam, setMonth] = useQueryParam('month');
  const month = monthParam && /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : thisMonth();
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const [confirm, setConfirm] = useState<'approve' | 'paid' | null>(null);
  // Issue 32: ?run= shows one of the month's off-cycle runs instead of the regular run; every action works by run id.
  const [runParam, setRunParam] = useQueryParam('run');
  const regularRun = useRun(month);
  const offCycleRun = useOffCycleRun(runParam);
  const run = runParam ? { data: offCycleRun.data?.run ?? null, isLoading: offCycleRun.isLoading } : regularRun;
  const r = run.data ?? null;
  const isOffCycle = Boolean(r?.kind && r.kind !== 'regular');
  const lines = useRunLines(r?._id, paging.page + 1, paging.pageSize, '', `${r?.computedAt}-${r?.status}`);
  const bulk = useBulkUpload();
  const action = useRunAction();
  const approve = useApproveRun();
  const visibility = useSlipVisibility();
  const currency = r?.currency ?? null;
  const money = (minor: number) => <Money compact minor={minor} currency={currency} />;
  const isComputing = Boolean(r?.job && ['queued', 'running'].includes(r.job.status));
  const fail = (err: unknown) => flash(displayError(t, err), 'error');
  const act = (a: 'compute' | 'approve' | 'paid' | 'publish-all') => action.mutateAsync({ runId: r!._id, action: a }).catch(fail);

  const columns = useMemo<GridColDef<TRunLine>[]>(() => {
    const amount = (field: keyof TRunLine, header: string): GridColDef<TRunLine> => moneyColumn(field, header, { currency, language, sortable: false });
    return [
      { field: 'name', headerName: t('common.employee'), flex: 1.4, minWidth: 170, sortable: false },
      { field: 'employeeNumber', headerName: t('common.number'), minWidth: 100, sortable: false },
      amount('grossMinor', t('salary.columns.gross')),
      amount('taxMinor', t('salary.columns.tax')),
      amount('pensionMinor', t('salary.columns.pension')),
      { ...amount('otherDeductionsMinor', t('salary.columns.deductions')), valueGetter: (_v, row) => row.otherDeductionsMinor + row.loanRepaymentMinor + row.iouMinor },
      { ...amount('allowanceMinor', t('salary.columns.extras')), valueGetter: (_v, row) => row.allowanceMinor + row.overtimeMinor },
      amount('netMinor', t('salary.columns.net')),
      {
        field: 'isPublished', headerName: t('salary.columns.published'), minWidth: 210, sortable: false, disableExport: true,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 1 }}>
            <Link component={RouterLink} to={`/payroll/${row._id}`} target="_blank" rel="noopener" data-testid={`payslip-link-${row.employeeNumber}`}>{t('salary.open')}</Link>
            {r && r.status !== 'draft' ? (
              <Button size="small" onClick={() => visibility.mutateAsync({ employeeId: row.employeeId, isPublished: !row.isPublished }).catch(fail)}>
                {row.isPublished ? t('salary.withdraw') : t('salary.publish')}
              </Button>
            ) : null}
            {row.isPublished ? <Chip size="small" color="success" label={t('salary.published')} /> : null}
          </Stack>
        ),
      },
    ];
  }, [t, currency, language, r?.status]);

  const totals = r?.totals;
  const status = r?.status ?? 'none';
  return (
    <>
      <PageHeader
        title={t('salary.title')}
        description={t('salary.description')}
        actions={
          <TextField label={t('common.month')} type="month" size="small" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'salary-month' } }} />
        }
      />
      <OffCycleRunBar month={month} selectedRunId={runParam} onSelect={setRunParam} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 3, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <Chip label={t(`salary.status.${status}`)} color={status === 'none' ? 'default' : STATUS_COLOR[status]} data-testid="run-status" />
        {r?.preparedBy ? <Typography variant="body2" color="text.secondary">{t('salary.preparedBy', { name: r.preparedBy })}</Typography> : null}
        {r?.approvedBy && !r.selfApprovalReason ? <Typography variant="body2" color="text.secondary">{t('salary.approvedBy', { name: r.approvedBy })}</Typography> : null}
        {r?.approvedBy && r.selfApprovalReason ? <SelfApprovalNote name={r.approvedBy} reason={r.selfApprovalReason} /> : null}
        <Box sx={{ flexGrow: 1 }} />
        {!isOffCycle && (status === 'none' || status === 'draft') ? (
          <Button variant="outlined" startIcon={<GroupsIcon />} disabled={bulk.isPending} onClick={() => bulk.mutateAsync({ selectAll: true, month }).catch(fail)} data-testid="run-add-all">{t('salary.addAll')}</Button>
        ) : null}
        {r && status === 'draft' ? (
          <Button variant="outlined" disabled={isComputing || r.members === 0 || action.isPending} onClick={() => act('compute')} data-testid="run-compute">{r.computedAt ? t('salary.recompute') : t('salary.compute')}</Button>
        ) : null}
        {r && status === 'draft' ? (
          <Button variant="contained" disabled={!r.computedAt || r.isStale || isComputing || r.approval?.canApprove === false} onClick={() => setConfirm('approve')} data-testid="run-approve">{t('salary.approve')}</Button>
        ) : null}
        {r && status !== 'draft' ? <Button variant="outlined" onClick={() => act('publish-all')} data-testid="run-publish-all">{t('salary.publishAll')}</Button> : null}
        {r && status !== 'draft' ? (
          <BankFileMenu runId={r._id} month={month} />
        ) : null}
        {r && status === 'approved' ? <Button variant="contained" onClick={() => setConfirm('paid')} data-testid="run-paid">{t('salary.markPaid')}</Button> : null}
        {r && r.totals.employees > 0 && !isComputing ? <RunRegisterButton runId={r._id} month={month} /> : null}
      </Stack>
      {r && r.status === 'draft' && r.computedAt && !r.isStale && !isComputing && r.approval && !r.approval.canApprove ? <ApproveBlocked approval={r.approval} isOwner={normalizeRoles(user.roles).includes('owner')} /> : null}
      {isComputing && r?.job ? (
        <Box sx={{ mb: 3 }} data-testid="run-progress">
          <LinearProgress variant="determinate" value={r.job.progress} aria-label={t('salary.computing', { processed: r.job.processed, total: r.job.total })} />
          <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">{t('salary.computing', { processed: r.job.processed, total: r.job.total })}</Typography>
        </Box>
      ) : null}
      {r?.job?.status === 'failed' && r.job.message ? <Alert severity="error" sx={{ mb: 3 }} data-testid="run-error">{t('salary.computeFailed', { message: r.job.message })}</Alert> : null}
      {r && r.status === 'draft' && r.computedAt && r.isStale && !isComputing ? <Alert severity="warning" sx={{ mb: 3 }}>{t('salary.stale')}</Alert> : null}
      {!r && !run.isLoading ? (
        <EmptyState Icon={PaymentsIcon} title={t('salary.emptyTitle', { month })} body={t('salary.emptyBody')} />
      ) : null}
      {r ? (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}><StatCard label={t('salary.totals.employees')} value={totals?.employees ?? 0} caption={`${r.members}`} Icon={GroupsIcon} color="#1d4ed8" /></Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}><StatCard label={t('salary.totals.gross')} value={money(totals?.grossMinor ?? 0)} Icon={PaymentsIcon} color="#0f766e" /></Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}><StatCard label={t('salary.totals.tax')} value={money(totals?.taxMinor ?? 0)} Icon={ReceiptIcon} color="#b45309" /></Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}><StatCard label={t('salary.totals.pension')} value={money(totals?.pensionMinor ?? 0)} Icon={SavingsIcon} color="#7c3aed" /></Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}><StatCard label={t('salary.totals.deductions')} value={money(totals?.deductionsMinor ?? 0)} Icon={ReceiptIcon} color="#be185d" /></Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}><Box data-testid="run-net"><StatCard label={t('salary.totals.net')} value={money(totals?.netMinor ?? 0)} Icon={AccountBalanceIcon} color="#047857" /></Box></Grid>
          </Grid>
          {r.totals.employees > 0 ? <RunEmployerCost totals={r.totals} country={user.country} currency={currency} /> : null}
          {r.totals.employees === 0 && !isComputing ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>{t('salary.noLines', { count: r.members })}</Typography>
          ) : (
            <Card>
              <DataTable<TRunLine>
                label={`${t('salary.title')} ${month}`}
                rows={lines.data?.rows ?? []}
                columns={columns}
                phoneColumns={['name', 'isPublished']}
                keyColumns={['name', 'netMinor', 'isPublished']}
                getRowId={(row) => row._id}
                loading={lines.isFetching}
                paginationMode="server"
                rowCount={lines.data?.totalRecords ?? 0}
                paginationModel={paging}
                onPaginationModelChange={setPaging}
                initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
                // The register (every employee, numbers, totals) replaces the grid's export of one page as text.
                slotProps={{ toolbar: { csvOptions: { disableToolbarButton: true }, printOptions: { disableToolbarButton: true } } }}
              />
            </Card>
          )}
          {r.totals.employees > 0 && !isComputing && !isOffCycle ? <RunVariance runId={r._id} month={month} stamp={`${r.computedAt}-${r.status}`} /> : null}
        </>
      ) : null}
      {confirm === 'approve' && r?.approval?.canApprove ? (
        <ApproveRunDialog
          open
          month={month}
          approval={r.approval}
          busy={approve.isPending}
          onApprove={(input) => void approve.mutateAsync({ runId: r._id, input }).then(() => setConfirm(null), fail)}
          onClose={() => setConfirm(null)}
        />
      ) : null}
      <ConfirmDialog
        open={confirm === 'paid'}
        title={t('salary.paidTitle', { month })}
        body={t('salary.paidBody')}
        confirmLabel={t('salary.markPaid')}
        busy={action.isPending}
        onConfirm={() => void act('paid').then(() => setConfirm(null))}
        onClose={() => setConfirm(null)}
      />
    </>
  );
};
