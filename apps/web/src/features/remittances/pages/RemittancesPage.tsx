import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColDef } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { REMITTANCE_STATUSES, type TRemittanceItem, type TRemittancePayment, type TRemittanceStatus } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { oneOf, useQueryParam } from '../../../shared/useQueryParam.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { downloadReceipt, useRemittances, useVoidPayment } from '../api.ts';
import { RecordPaymentDialog } from '../components/RecordPaymentDialog.tsx';

/** A row of a period's table: a remittance, or one of its payments listed under it. */
type TRow = { id: string; item: TRemittanceItem; payment: TRemittancePayment | null };
const STATUS_COLOR = { due: 'primary', overdue: 'error', 'part-paid': 'warning', paid: 'success' } as const;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const itemId = (i: TRemittanceItem) => `${i.kind}|${i.payee}|${i.period}`;

/**
 * /remittances (issue 31 item 5): for each period, what each authority is owed from the approved run, by when, what
 * was paid (with the receipt) and what is outstanding; payments are recorded here and voided with a reason, never edited.
 * `?status=` (the dashboard's figures) and `?period=` (a reminder) open the list filtered.
 */
export const RemittancesPage = () => {
  const { t, i18n } = useTranslation('remittances');
  const user = useCurrentUser();
  const [statusParam, setStatus] = useQueryParam('status');
  const [periodParam] = useQueryParam('period');
  const [fromParam, setFrom] = useQueryParam('from');
  const [toParam, setTo] = useQueryParam('to');
  const status = oneOf<TRemittanceStatus | 'all'>(statusParam, REMITTANCE_STATUSES, 'all');
  const periodMonth = periodParam && MONTH.test(periodParam) ? periodParam : null;
  const from = fromParam && MONTH.test(fromParam) ? fromParam : periodMonth ?? undefined;
  const to = toParam && MONTH.test(toParam) ? toParam : periodMonth ?? undefined;
  const list = useRemittances({ from, to, status: status === 'all' ? undefined : status });
  const voidPayment = useVoidPayment();
  const [recording, setRecording] = useState<TRemittanceItem | null>(null);
  const [voiding, setVoiding] = useState<TRemittancePayment | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const money = (minor: number) => formatMinor(minor, user.currency, i18n.language);
  const date = (d: string) => formatDate(d, i18n.language);

  const items = list.data?.items ?? [];
  const periods = useMemo(() => {
    const byPeriod = new Map<string, TRow[]>();
    for (const item of items) {
      const rows = byPeriod.get(item.period) ?? [];
      rows.push({ id: itemId(item), item, payment: null }, ...item.payments.map((payment) => ({ id: payment._id, item, payment })));
      byPeriod.set(item.period, rows);
    }
    return [...byPeriod.entries()];
  }, [items]);

  const columns = useMemo((): GridColDef<TRow>[] => [
    {
      field: 'authority', headerName: t('columns.authority'), flex: 1.4, minWidth: 180, sortable: false,
      valueGetter: (_v, row) => (row.payment ? t('payment.line', { reference: row.payment.reference, date: row.payment.paidOn }) : t(`kinds.${row.item.kind}`)),
      renderCell: ({ row }) => {
        if (!row.payment) {
          return (
            <Stack sx={{ py: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{t(`kinds.${row.item.kind}`)}</Typography>
              {row.item.missing > 0 ? <Typography variant="caption" color="warning.main">{t('missing', { count: row.item.missing })}</Typography> : null}
            </Stack>
          );
        }
        const p = row.payment;
        return (
          <Stack sx={{ pl: 2, py: 0.5, textDecoration: p.voided ? 'line-through' : undefined, color: p.voided ? 'text.disabled' : undefined }} data-testid="payment-line">
            <Typography variant="body2">{t('payment.line', { reference: p.reference, date: date(p.paidOn) })}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ textDecoration: 'none' }}>
              {p.voided ? t('payment.voidedBecause', { name: p.voided.by ?? '—', reason: p.voided.reason }) : t('payment.by', { name: p.recordedBy ?? '—' })}
            </Typography>
          </Stack>
        );
      },
    },
    { field: 'payee', headerName: t('columns.payee'), flex: 1, minWidth: 130, sortable: false, valueGetter: (_v, row) => (row.payment ? '' : row.item.payee) },
    {
      field: 'dueDate', headerName: t('columns.dueDate'), width: 130, sortable: false,
      valueGetter: (_v, row) => (row.payment ? '' : row.item.dueDate),
      renderCell: ({ row }) => (row.payment ? null : (
        <Tooltip title={row.item.dueBasis === 'approval' ? t('approvalBasis') : ''}>
          <span>{date(row.item.dueDate)}{row.item.dueBasis === 'approval' ? ' *' : ''}</span>
        </Tooltip>
      )),
    },
    moneyColumn<TRow>('due', t('columns.due'), { currency: user.currency, language: i18n.language, sortable: false, valueGetter: (_v, row) => (row.payment ? null : row.item.amountDueMinor) }),
    moneyColumn<TRow>('paid', t('columns.paid'), { currency: user.currency, language: i18n.language, sortable: false, valueGetter: (_v, row) => (row.payment ? row.payment.amountMinor : row.item.paidMinor) }),
    moneyColumn<TRow>('outstanding', t('columns.outstanding'), { currency: user.currency, language: i18n.language, sortable: false, valueGetter: (_v, row) => (row.payment ? null : row.item.outstandingMinor) }),
    {
      field: 'status', headerName: t('columns.status'), width: 130, sortable: false,
      valueGetter: (_v, row) => (row.payment ? (row.payment.voided ? t('payment.voided') : '') : t(`status.${row.item.status}`)),
      renderCell: ({ row }) => {
        if (row.payment) return row.payment.voided ? <Chip size="small" variant="outlined" label={t('payment.voided')} /> : null;
        return <Chip size="small" color={STATUS_COLOR[row.item.status]} label={t(`status.${row.item.status}`)} data-testid="remittance-status" />;
      },
    },
    {
      // Rendered by the column itself (a button on a remittance, receipt and void on a payment): the phone cards show it too.
      field: 'actions', headerName: t('columns.actions'), width: 210, sortable: false, filterable: false, disableExport: true,
      renderCell: ({ row }) => {
        if (!row.payment) {
          return row.item.outstandingMinor > 0
            ? <Button size="small" variant="contained" onClick={() => setRecording(row.item)}>{t('record')}</Button>
            : null;
        }
        const p = row.payment;
        return (
          <Stack direction="row" spacing={1}>
            {p.receipt ? (
              <Button size="small" onClick={() => void downloadReceipt(p).catch((e) => flash(t('downloadFailed', { message: displayError(t, e) }), 'error'))}>{t('payment.receipt')}</Button>
            ) : <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>{t('payment.noReceipt')}</Typography>}
            {p.voided ? null : <Button size="small" color="error" onClick={() => { setReason(''); setReasonError(false); setVoiding(p); }}>{t('payment.void')}</Button>}
          </Stack>
        );
      },
    },
  ], [t, i18n.language, user.currency]);

  const onVoid = () => {
    if (!voiding) return;
    if (!reason.trim()) {
      setReasonError(true);
      return;
    }
    voidPayment.mutate({ id: voiding._id, reason: reason.trim() }, {
      onSuccess: () => setVoiding(null),
      onError: (e) => flash(displayError(t, e), 'error'),
    });
  };

  const totals = list.data?.totals;
  const filtered = status !== 'all' || Boolean(fromParam || toParam || periodMonth);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={(
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField label={t('filters.from')} type="month" size="small" value={from ?? list.data?.from ?? ''} onChange={(e) => setFrom(e.target.value || null)} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField label={t('filters.to')} type="month" size="small" value={to ?? list.data?.to ?? ''} onChange={(e) => setTo(e.target.value || null)} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField select label={t('filters.status')} size="small" value={status} onChange={(e) => setStatus(e.target.value === 'all' ? null : e.target.value)} sx={{ minWidth: 150 }}>
              <MenuItem value="all">{t('filters.all')}</MenuItem>
              {REMITTANCE_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`status.${s}`)}</MenuItem>)}
            </TextField>
          </Stack>
        )}
      />
      {list.error ? <Alert severity="error" sx={{ mb: 2 }}>{t('loadFailed', { message: displayError(t, list.error) })}</Alert> : null}
      {totals && totals.overdueCount > 0 ? <Alert severity="error" sx={{ mb: 2 }} data-testid="overdue-total">{t('totals.overdue', { count: totals.overdueCount, amount: money(totals.overdueMinor) })}</Alert> : null}
      {totals && totals.dueCount > 0 ? <Alert severity="info" sx={{ mb: 2 }}>{t('totals.due', { count: totals.dueCount, amount: money(totals.dueMinor) })}</Alert> : null}
      {!list.isLoading && !list.error && items.length === 0 ? (
        <EmptyState Icon={AccountBalanceIcon} title={filtered ? t('emptyFiltered') : t('emptyTitle')} body={filtered ? undefined : t('emptyBody')} />
      ) : null}
      <Stack spacing={3}>
        {periods.map(([period, rows]) => (
          <Box key={period} component="section" aria-labelledby={`period-${period}`}>
            <Typography variant="h6" component="h2" id={`period-${period}`} sx={{ mb: 1 }}>{t('periodTitle', { period })}</Typography>
            <DataTable<TRow>
              label={t('periodTitle', { period })}
              rows={rows}
              columns={columns}
              getRowId={(row) => row.id}
              getRowHeight={() => 'auto'}
              hideFooter
              disableColumnSorting
              keyColumns={['status', 'outstanding']}
            />
          </Box>
        ))}
      </Stack>
      <RecordPaymentDialog item={recording} currency={user.currency} onClose={() => setRecording(null)} />
      <ConfirmDialog
        open={voiding !== null}
        title={t('voidTitle')}
        body={(
          <Stack spacing={2}>
            <span>{voiding ? t('voidBody', { amount: money(voiding.amountMinor), date: date(voiding.paidOn), reference: voiding.reference }) : ''}</span>
            <TextField label={t('voidReason')} value={reason} required autoFocus onChange={(e) => { setReason(e.target.value); setReasonError(false); }} size="small" fullWidth
              error={reasonError} helperText={reasonError ? t('voidReasonRequired') : undefined} slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Stack>
        )}
        confirmLabel={t('voidConfirm')}
        destructive
        busy={voidPayment.isPending}
        onConfirm={onVoid}
        onClose={() => setVoiding(null)}
      />
    </>
  );
};
