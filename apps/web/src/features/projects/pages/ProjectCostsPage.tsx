import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import {
  PROJECT_COST_CATEGORIES, PROJECT_COST_SOURCES, PROJECT_COST_STAGES, type TProjectBudgetLine, type TProjectCertificate, type TProjectCostCategory,
  type TProjectCostEntry, type TProjectCostSource, type TProjectCostStage,
} from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import { Money } from '../../../shared/ui/Money.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useDeleteCertificate, useProjectCosting, useProjectEntries } from '../api.ts';
import { entryPath, marginPercent } from '../costing.ts';
import { BudgetDialog } from '../components/BudgetDialog.tsx';
import { ContractDialog } from '../components/ContractDialog.tsx';
import { CertificateDialog } from '../components/CertificateDialog.tsx';
import { CertificatePaymentDialog } from '../components/CertificatePaymentDialog.tsx';
import { useKeptWhileClosing } from '../../../shared/ui/useKeptWhileClosing.ts';

type TBudgetRow = Omit<TProjectBudgetLine, 'category'> & { id: string; label: string };
const STATUS_COLOR = { billed: 'primary', 'part-paid': 'warning', paid: 'success' } as const;

/**
 * /project-costs/{projectId} (issue 35): one project's costing — contract, billed and paid, cost against the budget
 * per category (committed, actual, forecast at completion), certificates, cost by month and source, and every ledger
 * entry linking to the record it came from.
 */
export const ProjectCostsPage = () => {
  const { t, i18n } = useTranslation('projects');
  const user = useCurrentUser();
  const { projectId = '' } = useParams();
  const language = i18n.language;
  const costing = useProjectCosting(projectId);
  const [dialog, setDialog] = useState<'budget' | 'contract' | 'certificate' | null>(null);
  const [paying, setPaying] = useState<TProjectCertificate | null>(null);
  const [editing, setEditing] = useState<TProjectCertificate | null>(null);
  const [deleting, setDeleting] = useState<TProjectCertificate | null>(null);
  const editShown = useKeptWhileClosing(editing);
  const deleteShown = useKeptWhileClosing(deleting);
  const remove = useDeleteCertificate(projectId);
  const [category, setCategory] = useState<TProjectCostCategory | ''>('');
  const [source, setSource] = useState<TProjectCostSource | ''>('');
  const [stage, setStage] = useState<TProjectCostStage | ''>('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const entries = useProjectEntries(projectId, {
    page: paging.page + 1, limit: paging.pageSize, ...(category ? { category } : {}), ...(source ? { source } : {}), ...(stage ? { stage } : {}),
  });
  const opts = { currency: user.currency, language };
  const money = (minor: number | null) => <Money compact minor={minor} currency={user.currency} empty={t('cards.notSet')} />;
  const text = (minor: number) => formatMinor(minor, user.currency, language);
  const c = costing.data;

  const budgetColumns = useMemo<GridColDef<TBudgetRow>[]>(() => [
    { field: 'label', headerName: t('columns.category'), flex: 1.2, minWidth: 150 },
    moneyColumn('budgetMinor', t('columns.budget'), opts),
    moneyColumn('committedMinor', t('columns.committed'), opts),
    moneyColumn('actualMinor', t('columns.actual'), opts),
    moneyColumn('forecastMinor', t('columns.forecast'), opts),
    moneyColumn('varianceMinor', t('columns.variance'), opts),
  ], [t, language, user.currency]);

  const certificateColumns = useMemo<GridColDef<TProjectCertificate>[]>(() => [
    { field: 'number', headerName: t('columns.number'), minWidth: 110, flex: 0.8 },
    { field: 'date', headerName: t('columns.date'), width: 120, valueFormatter: (v: string) => formatDate(v, language) },
    moneyColumn('grossMinor', t('columns.gross'), opts),
    moneyColumn('retentionMinor', t('columns.retention'), opts),
    moneyColumn('whtMinor', t('columns.wht'), opts),
    moneyColumn('otherDeductionsMinor', t('columns.other'), opts),
    moneyColumn('netMinor', t('columns.net'), opts),
    moneyColumn('paidMinor', t('columns.paid'), opts),
    { field: 'status', headerName: t('columns.status'), width: 130, renderCell: ({ value }) => <Chip size="small" color={STATUS_COLOR[value as TProjectCertificate['status']]} label={t(`status.${value as string}`)} /> },
    {
      field: 'actions', headerName: t('columns.actions'), width: 250, sortable: false, filterable: false, disableExport: true,
      renderCell: ({ row }) => {
        const hasPayments = row.paidMinor > 0;
        const deleteLabel = hasPayments ? t('certificates.deleteBlockedLabel', { number: row.number }) : t('certificates.deleteLabel', { number: row.number });
        return (
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {row.status === 'paid' ? null : (
              <Button size="small" startIcon={<PaymentsIcon />} onClick={() => setPaying(row)} aria-label={`${t('certificates.pay')} ${row.number}`}>{t('certificates.pay')}</Button>
            )}
            <Tooltip title={t('certificates.editLabel', { number: row.number })}>
              <IconButton size="small" aria-label={t('certificates.editLabel', { number: row.number })} onClick={() => setEditing(row)}><EditIcon fontSize="small" /></IconButton>
            </Tooltip>
            {/* A disabled button gets no pointer events: the span carries the tooltip saying why (a tap shows it on a phone). */}
            <Tooltip title={hasPayments ? t('certificates.deleteBlocked') : deleteLabel} enterTouchDelay={0}>
              <span>
                <IconButton size="small" color="error" aria-label={deleteLabel} disabled={hasPayments} onClick={() => setDeleting(row)}><DeleteIcon fontSize="small" /></IconButton>
              </span>
            </Tooltip>
          </Stack>
        );
      },
    },
  ], [t, language, user.currency]);

  const entryColumns = useMemo<GridColDef<TProjectCostEntry>[]>(() => [
    { field: 'date', headerName: t('columns.date'), width: 115, valueFormatter: (v: string) => formatDate(v, language) },
    {
      field: 'description', headerName: t('columns.description'), flex: 2, minWidth: 200,
      renderCell: ({ row }) => {
        const to = entryPath(row.link, row.projectName);
        const label = row.description || row.reference || t(`sources.${row.sourceKind}`);
        return to ? <Link component={RouterLink} to={to}>{label}</Link> : label;
      },
    },
    { field: 'category', headerName: t('columns.category'), width: 140, valueFormatter: (v: string) => t(`categories.${v}`) },
    { field: 'sourceKind', headerName: t('columns.source'), width: 150, valueFormatter: (v: string) => t(`sources.${v}`) },
    { field: 'stage', headerName: t('columns.stage'), width: 110, renderCell: ({ value }) => <Chip size="small" variant="outlined" label={t(`stages.${value as string}`)} /> },
    { field: 'reference', headerName: t('columns.reference'), width: 130 },
    { field: 'siteName', headerName: t('columns.site'), width: 150 },
    moneyColumn('amountMinor', t('columns.amount'), { ...opts, flex: undefined, width: 150 }),
  ], [t, language, user.currency]);

  if (costing.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (costing.isError || !c) {
    return (
      <>
        <PageHeader title={t('open')} actions={<Button component={RouterLink} to="/project-costs" startIcon={<ArrowBackIcon />}>{t('back')}</Button>} />
        <Alert severity="error">{(costing.error as { status?: number } | null)?.status === 404 ? t('notFound') : t('loadFailed')}</Alert>
      </>
    );
  }

  const budgetRows: TBudgetRow[] = [
    ...PROJECT_COST_CATEGORIES.map((k) => {
      const { category: _category, ...line } = c.categories.find((l) => l.category === k)!;
      return { id: k, label: t(`categories.${k}`), ...line };
    }),
    { id: 'total', label: t('budget.total'), ...c.totals },
  ];
  const filtered = Boolean(category || source || stage);
  const marginText = marginPercent(c.marginBp, language);

  return (
    <>
      <PageHeader
        eyebrow={t('open')}
        title={c.name}
        description={t('contract.rates', { retention: c.retentionPercent, wht: c.whtPercent })}
        actions={(
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} to="/project-costs" startIcon={<ArrowBackIcon />}>{t('back')}</Button>
            <Button variant="outlined" startIcon={<HandshakeIcon />} onClick={() => setDialog('contract')}>{t('contract.edit')}</Button>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('budget')}>{t('budget.edit')}</Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('certificate')}>{t('certificates.add')}</Button>
          </Stack>
        )}
      />
      <Stack spacing={3}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 4, xl: 2 }}><StatCard label={t('cards.contractValue')} value={<span data-testid="card-contract">{money(c.contractValueMinor)}</span>} Icon={HandshakeIcon} color="#1d4ed8" /></Grid>
          <Grid size={{ xs: 6, md: 4, xl: 2 }}><StatCard label={t('cards.billed')} value={<span data-testid="card-billed">{money(c.billedMinor)}</span>} caption={t('cards.retention', { amount: text(c.retentionHeldMinor) })} Icon={RequestQuoteIcon} color="#0f766e" /></Grid>
          <Grid size={{ xs: 6, md: 4, xl: 2 }}><StatCard label={t('cards.paid')} value={<span data-testid="card-paid">{money(c.paidMinor)}</span>} caption={t('cards.wht', { amount: text(c.whtSufferedMinor) })} Icon={AccountBalanceWalletIcon} color="#047857" /></Grid>
          <Grid size={{ xs: 6, md: 4, xl: 2 }}><StatCard label={t('cards.actual')} value={<span data-testid="card-actual">{money(c.actualMinor)}</span>} caption={t('cards.forecast', { amount: text(c.forecastMinor) })} Icon={ReceiptLongIcon} color="#b45309" /></Grid>
          <Grid size={{ xs: 6, md: 4, xl: 2 }}><StatCard label={t('cards.committed')} value={<span data-testid="card-committed">{money(c.committedMinor)}</span>} Icon={PendingActionsIcon} color="#7c3aed" /></Grid>
          <Grid size={{ xs: 6, md: 4, xl: 2 }}>
            <StatCard label={t('cards.margin')} value={<span data-testid="card-margin">{money(c.marginMinor)}</span>} caption={t('cards.marginCaption', { percent: marginText ? ` · ${marginText}` : '' })}
              Icon={TrendingUpIcon} color={c.marginMinor < 0 ? '#b91c1c' : '#047857'} />
          </Grid>
        </Grid>

        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">{t('budget.title')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>{c.hasBudgetLines ? t('budget.forecastRule') : `${t('budget.noLines')} ${t('budget.forecastRule')}`}</Typography>
            <DataTable<TBudgetRow> label={t('budget.title')} rows={budgetRows} getRowId={(r) => r.id} columns={budgetColumns} hideFooter />
          </CardContent>
        </Card>

        <Card>
          <CardContent>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" component="h2">{t('certificates.title')}</Typography>
              <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog('certificate')}>{t('certificates.add')}</Button>
            </Stack>
            {c.certificates.length === 0 ? <EmptyState compact Icon={RequestQuoteIcon} title={t('certificates.emptyTitle')} body={t('certificates.emptyBody')} />
              : <DataTable<TProjectCertificate> label={t('certificates.label', { project: c.name })} rows={c.certificates} getRowId={(r) => r._id} columns={certificateColumns} />}
          </CardContent>
        </Card>

        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('months.title')}</Typography>
                {c.months.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('months.empty')}</Typography> : (
                  <DataTable label={t('months.label')} rows={c.months} getRowId={(r) => r.month} hideFooter
                    columns={[{ field: 'month', headerName: t('columns.month'), width: 110 }, moneyColumn('committedMinor', t('columns.committed'), opts), moneyColumn('actualMinor', t('columns.actual'), opts)]} />
                )}
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('sourcesTitle')}</Typography>
                {c.bySource.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('months.empty')}</Typography> : (
                  <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('sourcesTitle')}>
                    {c.bySource.map((s) => (
                      <Stack component="li" key={s.sourceKind} direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                        <span>{t(`sources.${s.sourceKind}`)} <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>({t('sourceLine', { count: s.entries })})</Typography></span>
                        <span><Money minor={s.actualMinor} currency={user.currency} />{s.committedMinor ? <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}> + {text(s.committedMinor)} {t('stages.committed').toLowerCase()}</Typography> : null}</span>
                      </Stack>
                    ))}
                  </Stack>
                )}
              </CardContent>
            </Card>
          </Grid>
        </Grid>

        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('entries.title')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <TextField select size="small" label={t('columns.category')} value={category} onChange={(e) => { setCategory(e.target.value as TProjectCostCategory | ''); setPaging((p) => ({ ...p, page: 0 })); }} sx={{ minWidth: 180 }}>
                <MenuItem value="">{t('entries.all')}</MenuItem>
                {PROJECT_COST_CATEGORIES.map((k) => <MenuItem key={k} value={k}>{t(`categories.${k}`)}</MenuItem>)}
              </TextField>
              <TextField select size="small" label={t('columns.source')} value={source} onChange={(e) => { setSource(e.target.value as TProjectCostSource | ''); setPaging((p) => ({ ...p, page: 0 })); }} sx={{ minWidth: 180 }}>
                <MenuItem value="">{t('entries.all')}</MenuItem>
                {PROJECT_COST_SOURCES.map((k) => <MenuItem key={k} value={k}>{t(`sources.${k}`)}</MenuItem>)}
              </TextField>
              <TextField select size="small" label={t('columns.stage')} value={stage} onChange={(e) => { setStage(e.target.value as TProjectCostStage | ''); setPaging((p) => ({ ...p, page: 0 })); }} sx={{ minWidth: 150 }}>
                <MenuItem value="">{t('entries.all')}</MenuItem>
                {PROJECT_COST_STAGES.map((k) => <MenuItem key={k} value={k}>{t(`stages.${k}`)}</MenuItem>)}
              </TextField>
            </Stack>
            {!entries.isLoading && !entries.isError && entries.data?.totalRecords === 0 ? (
              <EmptyState compact Icon={ReceiptLongIcon} title={filtered ? t('entries.emptyFiltered') : t('entries.emptyTitle')} body={filtered ? undefined : t('entries.emptyBody')} />
            ) : (
              <DataTable<TProjectCostEntry>
                label={t('entries.label', { project: c.name })}
                rows={entries.data?.rows ?? []}
                getRowId={(r) => r._id}
                columns={entryColumns}
                loading={entries.isFetching}
                paginationMode="server"
                rowCount={entries.data?.totalRecords ?? 0}
                paginationModel={paging}
                onPaginationModelChange={setPaging}
              />
            )}
          </CardContent>
        </Card>
      </Stack>
      <BudgetDialog open={dialog === 'budget'} costing={c} currency={user.currency} onClose={() => setDialog(null)} />
      <ContractDialog open={dialog === 'contract'} costing={c} currency={user.currency} onClose={() => setDialog(null)} />
      <CertificateDialog open={dialog === 'certificate'} costing={c} currency={user.currency} onClose={() => setDialog(null)} />
      <CertificateDialog open={editing !== null} costing={c} currency={user.currency} certificate={editShown} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null} busy={remove.isPending} destructive
        title={t('certificates.deleteTitle', { number: deleteShown?.number ?? '' })}
        body={(
          <>
            {deleteShown ? t('certificates.deleteBody', { number: deleteShown.number, gross: text(deleteShown.grossMinor) }) : null}
            {remove.isError ? <Alert severity="error" sx={{ mt: 2 }}>{displayError(t, remove.error)}</Alert> : null}
          </>
        )}
        confirmLabel={t('certificates.delete')}
        onClose={() => { setDeleting(null); remove.reset(); }}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSuccess: () => { setDeleting(null); flash(t('certificates.deleted')); } })}
      />
      <CertificatePaymentDialog projectId={c.projectId} certificate={paying} currency={user.currency} onClose={() => setPaying(null)} />
    </>
  );
};
