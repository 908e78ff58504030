import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { GridColDef } from '@mui/x-data-grid';
import type { TPayablesAgeing, TWhtPreview, TWhtSchedule } from '@bizdesk/contract';
import { apiData } from '../../../shared/api/client.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { downloadFile } from '../../employees/files.ts';
import { PROCUREMENT_KEY } from '../api.ts';
import { LoadError, Section, today, useProcurementTexts } from './ProcurementUi.tsx';

/** Withholding tax, payables ageing and the supplier documents on the web (issue 35, lane wht). */
const rateText = (bp: number) => `${(bp / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`;

export const useWhtPreview = (paymentId: string | null, paidDate: string) =>
  useQuery({
    enabled: !!paymentId && /^\d{4}-\d{2}-\d{2}$/.test(paidDate),
    queryKey: [...PROCUREMENT_KEY, 'wht-preview', paymentId, paidDate],
    queryFn: ({ signal }) => apiData<TWhtPreview>(`/orders/payments/${paymentId}/withholding`, { signal, query: { paidDate } }),
  });

/** Gross, WHT and net of a payment before it is confirmed as paid. */
export const WhtPreviewBox = ({ paymentId, paidDate }: { paymentId: string | null; paidDate: string }) => {
  const { t } = useTranslation('wht');
  const { money } = useProcurementTexts();
  const preview = useWhtPreview(paymentId, paidDate);
  const p = preview.data;
  if (!p) return <Typography variant="body2" color="text.secondary">{t('preview.loading')}</Typography>;
  const row = (label: string, value: string, isBold = false) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}><Typography variant="body2" sx={{ fontWeight: isBold ? 700 : 400 }}>{label}</Typography><Typography variant="body2" sx={{ fontWeight: isBold ? 700 : 400 }}>{value}</Typography></Stack>
  );
  return (
    <Box data-testid="wht-preview" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      {row(t('preview.gross'), money(p.grossMinor, p.currency))}
      {p.whtMinor > 0 && p.baseMinor !== p.grossMinor ? row(t('preview.base'), money(p.baseMinor, p.currency)) : null}
      {row(t('preview.wht', { rate: rateText(p.rateBp) }), `− ${money(p.whtMinor, p.currency)}`)}
      {row(t('preview.net'), money(p.netMinor, p.currency), true)}
      <Typography variant="caption" color="text.secondary">
        {p.whtMinor > 0 && p.authority ? t('preview.authority', { authority: p.authority }) : t('preview.none')}
        {p.note ? ` ${t(`preview.notes.${p.note}`, { defaultValue: '' })}` : ''}
      </Typography>
    </Box>
  );
};

/** Downloads a PDF the API builds (PO, GRN, payment advice, WHT credit note). */
export const PdfButton = ({ path, fileName, label, variant = 'text' }: { path: string; fileName: string; label: string; variant?: 'text' | 'outlined' }) => {
  const { t } = useTranslation('wht');
  const [error, setError] = useState(false);
  return (
    <>
      <Button size="small" variant={variant} startIcon={<PrintIcon />} onClick={() => { setError(false); downloadFile(path, { fileName }).catch(() => setError(true)); }}>{label}</Button>
      {error ? <Typography role="alert" variant="caption" color="error">{t('print.failed')}</Typography> : null}
    </>
  );
};

const thisMonth = () => today().slice(0, 7);

/** The month's WHT per authority with its due date, and the CSV/XLSX of it. */
export const WhtSchedulePanel = () => {
  const { t } = useTranslation('wht');
  const { money, language } = useProcurementTexts();
  const [month, setMonth] = useState(thisMonth());
  const schedule = useQuery({
    enabled: /^\d{4}-\d{2}$/.test(month),
    queryKey: [...PROCUREMENT_KEY, 'wht-schedule', month],
    queryFn: ({ signal }) => apiData<TWhtSchedule>('/orders/wht-schedule', { signal, query: { month } }),
  });
  type TRow = TWhtSchedule['authorities'][number]['rows'][number];
  const columns: GridColDef<TRow>[] = [
    { field: 'authority', headerName: t('schedule.authority'), width: 110 },
    { field: 'vendorName', headerName: t('schedule.vendor'), flex: 1, minWidth: 150 },
    { field: 'vendorTin', headerName: t('schedule.tin'), width: 130 },
    { field: 'invoiceNumber', headerName: t('schedule.invoice'), width: 120 },
    { field: 'paidDate', headerName: t('schedule.paidDate'), width: 110 },
    { field: 'grossMinor', headerName: t('schedule.gross'), width: 150, valueFormatter: (v: number) => money(v, schedule.data?.currency) },
    { field: 'baseMinor', headerName: t('schedule.base'), width: 150, valueFormatter: (v: number) => money(v, schedule.data?.currency) },
    { field: 'rateBp', headerName: t('schedule.rate'), width: 80, valueFormatter: (v: number) => rateText(v) },
    { field: 'whtMinor', headerName: t('schedule.wht'), width: 140, valueFormatter: (v: number) => money(v, schedule.data?.currency) },
  ];
  const rows = (schedule.data?.authorities ?? []).flatMap((a) => a.rows);
  return (
    <Section
      title={t('schedule.title')}
      actions={(
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField size="small" type="month" label={t('schedule.month')} value={month} onChange={(e) => setMonth(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <Button size="small" startIcon={<DownloadIcon />} disabled={!rows.length} onClick={() => void downloadFile('/orders/wht-schedule', { query: { month, format: 'xlsx' }, fileName: `wht-${month}.xlsx` })}>{t('schedule.xlsx')}</Button>
          {(schedule.data?.authorities ?? []).map((a) => (
            <Button key={a.authority} size="small" startIcon={<DownloadIcon />} onClick={() => void downloadFile('/orders/wht-schedule', { query: { month, format: 'csv', authority: a.authority }, fileName: `wht-${month}-${a.authority}.csv` })}>{`${t('schedule.csv')} · ${a.authority}`}</Button>
          ))}
        </Stack>
      )}
    >
      {schedule.isError ? <LoadError error={schedule.error} onRetry={() => void schedule.refetch()} /> : null}
      {(schedule.data?.authorities ?? []).map((a) => (
        <Alert key={a.authority} severity="info" sx={{ mb: 1 }}>{t('schedule.dueBy', { authority: a.authority, amount: money(a.whtMinor, schedule.data?.currency), date: new Date(`${a.dueDate}T00:00:00`).toLocaleDateString(language) })}</Alert>
      ))}
      {schedule.data && rows.length === 0 ? <EmptyState Icon={ReceiptLongIcon} title={t('schedule.empty')} body={t('schedule.emptyBody')} compact /> : (
        <DataTable label={t('schedule.title')} rows={rows} columns={columns} phoneColumns={['vendorName', 'whtMinor']} getRowId={(r) => r.paymentId} loading={schedule.isPending} />
      )}
    </Section>
  );
};

const BUCKETS = ['current', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const;

/** Outstanding per vendor by days past due; a vendor opens its invoices. */
export const AgeingPanel = () => {
  const { t } = useTranslation('wht');
  const { money } = useProcurementTexts();
  const [asOf, setAsOf] = useState(today());
  const [open, setOpen] = useState<string | null>(null);
  const ageing = useQuery({
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(asOf),
    queryKey: [...PROCUREMENT_KEY, 'ageing', asOf],
    queryFn: ({ signal }) => apiData<TPayablesAgeing>('/orders/payables-ageing', { signal, query: { asOf } }),
  });
  type TRow = TPayablesAgeing['vendors'][number];
  const cur = ageing.data?.currency;
  const columns: GridColDef<TRow>[] = [
    { field: 'vendorName', headerName: t('ageing.vendor'), flex: 1, minWidth: 160, renderCell: ({ row }) => <Link component="button" type="button" onClick={() => setOpen(open === row.vendorId ? null : row.vendorId)}>{row.vendorName}</Link> },
    ...BUCKETS.map((b): GridColDef<TRow> => ({ field: b, headerName: t(`ageing.${b}`), width: 130, valueFormatter: (v: number) => money(v, cur) })),
    { field: 'totalMinor', headerName: t('ageing.total'), width: 150, valueFormatter: (v: number) => money(v, cur) },
  ];
  const vendor = ageing.data?.vendors.find((v) => v.vendorId === open);
  const totals = ageing.data?.totals;
  return (
    <Section title={t('ageing.title')} actions={<TextField size="small" type="date" label={t('ageing.asOf')} value={asOf} onChange={(e) => setAsOf(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />}>
      {ageing.isError ? <LoadError error={ageing.error} onRetry={() => void ageing.refetch()} /> : null}
      {ageing.data && ageing.data.vendors.length === 0 ? <EmptyState Icon={ReceiptLongIcon} title={t('ageing.empty')} body={t('ageing.emptyBody')} compact /> : (
        <>
          <DataTable label={t('ageing.title')} rows={ageing.data?.vendors ?? []} columns={columns} phoneColumns={['vendorName', 'totalMinor']} getRowId={(r) => r.vendorId} loading={ageing.isPending} />
          {totals ? (
            <Typography variant="body2" data-testid="ageing-totals" sx={{ mt: 1 }}>
              {BUCKETS.map((b) => `${t(`ageing.${b}`)}: ${money(totals[b], cur)}`).join(' · ')} · <strong>{`${t('ageing.total')}: ${money(totals.totalMinor, cur)}`}</strong>
            </Typography>
          ) : null}
        </>
      )}
      {vendor ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">{t('ageing.invoices', { vendor: vendor.vendorName })}</Typography>
          {vendor.invoices.map((i) => (
            <Typography key={i.invoiceId} variant="body2">{`${i.invoiceNumber} · ${i.orderNumber} · ${i.dueDate} · ${t('ageing.days', { days: i.daysPastDue })} · ${money(i.outstandingMinor, cur)}`}</Typography>
          ))}
        </Box>
      ) : null}
    </Section>
  );
};
