import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PaymentsIcon from '@mui/icons-material/Payments';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { GridColDef } from '@mui/x-data-grid';
import type { TInvoice, TPayment } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { hasRole } from '../../../shared/access.ts';
import { useQueryParam } from '../../../shared/useQueryParam.ts';
import { PROCUREMENT_KEY, attachInvoiceDocument, useAddInvoice, useInvoices, useOrder, useOrders, usePayments, useSchedulePayment, useTrackPayment } from '../api.ts';
import { AgeingPanel, PdfButton, WhtPreviewBox, WhtSchedulePanel } from '../components/WhtParts.tsx';
import { CreditNoteDialog, HeldInvoices, HoldChip, InvoiceMatchSummary, OverrideDialog, ProcurementSettingsDialog } from '../components/InvoiceMatch.tsx';
import { AttachDocumentDialog, DocumentClip, InvoiceDocumentField, canChangeDocument } from '../components/InvoiceDocument.tsx';
import { LoadError, Section, StatusChip, isQuantity, quantityText, today, useMoneyParser, useProcurementTexts } from '../components/ProcurementUi.tsx';

/** Approved regular orders to pick from. */
const OrderPicker = ({ value, onChange, POType }: { value: string; onChange: (id: string) => void; POType?: 'regular' }) => {
  const { t, user } = useProcurementTexts();
  const orders = useOrders(user.ownerEmail, { POType, status: 'approved', page: 1, limit: 100 });
  return (
    <TextField select required label={t('fields.order')} value={value} onChange={(e) => onChange(e.target.value)} helperText={t('invoices.pickOrder')}>
      {(orders.data?.rows ?? []).map((o) => <MenuItem key={o._id} value={o._id}>{o.invoiceNumber} · {o.vendor.name}</MenuItem>)}
    </TextField>
  );
};

export const InvoiceDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const { t: tm } = useTranslation('match');
  const add = useAddInvoice();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  // Recorded but its document refused: saving again only retries the document, never a second invoice.
  const [recorded, setRecorded] = useState<TInvoice | null>(null);
  const [isAttaching, setIsAttaching] = useState(false);
  const parse = useMoneyParser();
  const [orderId, setOrderId] = useState('');
  const order = useOrder(orderId || null);
  const [head, setHead] = useState({ invoiceNumber: '', invoiceDate: today(), dueDate: '' });
  const [lines, setLines] = useState<Record<string, { quantity: string; unitPrice: string }>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setOrderId('');
      setHead({ invoiceNumber: '', invoiceDate: today(), dueDate: '' });
      setFile(null);
      setRecorded(null);
      setError(null);
    }
  }, [open]);
  useEffect(() => {
    // Start from what was received at the order's prices: the usual invoice.
    if (order.data) setLines(Object.fromEntries(order.data.lines.map((l) => [l._id, { quantity: l.received, unitPrice: (l.unitPriceMinor / 100).toFixed(2) }])));
  }, [order.data]);
  const attachTo = async (invoice: TInvoice) => {
    if (!file) return onClose();
    setIsAttaching(true);
    try {
      await attachInvoiceDocument(invoice._id, file);
      await queryClient.invalidateQueries({ queryKey: PROCUREMENT_KEY });
      onClose();
    } catch (err) {
      setFile(null);
      setError(tm('document.notAttached', { invoice: invoice.invoiceNumber, error: displayError(tApp, err) }));
    } finally {
      setIsAttaching(false);
    }
  };
  return (
    <FormDialog
      open={open} title={t('invoices.addTitle')} submitLabel={t('common.save')} busy={add.isPending || isAttaching} error={error} onClose={onClose} maxWidth="md"
      onSubmit={async (e) => {
        e.preventDefault();
        if (recorded) return void attachTo(recorded);
        if (!orderId || !head.invoiceNumber.trim()) return setError(`${t('fields.invoiceNumber')}: ${t('common.required')}`);
        const body = Object.entries(lines).map(([lineId, l]) => ({ lineId, quantity: quantityText(l.quantity), unitPrice: parse(l.unitPrice) }));
        if (body.some((l) => l.unitPrice === null || (l.quantity !== '0' && !isQuantity(l.quantity)))) return setError(t('common.amountInvalid'));
        let invoice: TInvoice;
        try {
          invoice = (await add.mutateAsync({ orderId, ...head, dueDate: head.dueDate || null, lines: body.map((l) => ({ ...l, unitPrice: l.unitPrice! })) })).data;
        } catch (err) {
          return setError(displayError(tApp, err));
        }
        if (!file) return onClose();
        setRecorded(invoice);
        await attachTo(invoice);
      }}
    >
      {recorded ? null : <>
      <OrderPicker value={orderId} onChange={setOrderId} POType="regular" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField fullWidth required label={t('fields.invoiceNumber')} value={head.invoiceNumber} onChange={(e) => setHead({ ...head, invoiceNumber: e.target.value })} />
        <TextField fullWidth required type="date" label={t('fields.invoiceDate')} value={head.invoiceDate} onChange={(e) => setHead({ ...head, invoiceDate: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField fullWidth type="date" label={t('fields.dueDate')} value={head.dueDate} onChange={(e) => setHead({ ...head, dueDate: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      {(order.data?.lines ?? []).map((l) => (
        <Stack key={l._id} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField size="small" sx={{ flex: 2 }} label={`${l.item}: ${t('fields.invoiced')} (${t('fields.ordered')} ${l.quantity}, ${t('fields.received')} ${l.received})`} value={lines[l._id]?.quantity ?? ''} onChange={(e) => setLines({ ...lines, [l._id]: { ...lines[l._id], quantity: e.target.value } })} />
          <TextField size="small" sx={{ flex: 1 }} label={`${l.item}: ${t('fields.unitPrice')}`} value={lines[l._id]?.unitPrice ?? ''} onChange={(e) => setLines({ ...lines, [l._id]: { ...lines[l._id], unitPrice: e.target.value } })} />
        </Stack>
      ))}
      </>}
      <InvoiceDocumentField file={file} onChange={setFile} />
    </FormDialog>
  );
};

const ScheduleDialog = ({ open, onClose, invoice }: { open: boolean; onClose: () => void; invoice: TInvoice | null }) => {
  const { t, money } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const schedule = useSchedulePayment();
  const parse = useMoneyParser();
  const [orderId, setOrderId] = useState('');
  const order = useOrder(orderId || null);
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState(today());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setOrderId(invoice?.orderId ?? '');
    setAmount(invoice ? (invoice.outstandingMinor / 100).toFixed(2) : '');
    setDueDate(invoice?.dueDate ?? today());
    setError(null);
  }, [open, invoice]);
  return (
    <FormDialog
      open={open} title={t('invoices.scheduleTitle')}
      // One "outstanding" (issue 35): the invoice's when one is named, else the order's; the server refuses with the same figure.
      description={invoice && invoice.orderId === orderId ? `${invoice.invoiceNumber} · ${t('fields.outstanding')}: ${money(invoice.outstandingMinor, invoice.currency)}`
        : order.data ? `${t('fields.outstanding')}: ${money(order.data.outstandingMinor, order.data.currency)}` : undefined}
      submitLabel={t('invoices.schedule')} busy={schedule.isPending} error={error} onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        const major = parse(amount);
        if (!orderId || major === null) return setError(t('common.amountInvalid'));
        try {
          await schedule.mutateAsync({ orderId, invoiceId: invoice?.orderId === orderId ? invoice._id : null, amount: major, dueDate });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      <OrderPicker value={orderId} onChange={setOrderId} />
      <TextField required label={t('fields.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
      <TextField required type="date" label={t('fields.dueDate')} value={dueDate} onChange={(e) => setDueDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
    </FormDialog>
  );
};

const METHODS = ['bank-transfer', 'cheque', 'cash', 'card', 'mobile-money'] as const;

const TrackDialog = ({ payment, onClose }: { payment: TPayment | null; onClose: () => void }) => {
  const { t, money } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const track = useTrackPayment();
  const [paidDate, setPaidDate] = useState(today());
  const [method, setMethod] = useState<(typeof METHODS)[number]>('bank-transfer');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [payment]);
  return (
    <FormDialog
      open={!!payment} title={t('invoices.recordTitle')} description={payment ? `${payment.orderNumber} · ${payment.vendorName} · ${money(payment.amountMinor, payment.currency)}` : undefined}
      submitLabel={t('invoices.record')} busy={track.isPending} error={error} onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await track.mutateAsync({ paymentId: payment!._id, paidDate, method, reference: reference || null });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      <TextField required type="date" label={t('fields.paidDate')} value={paidDate} onChange={(e) => setPaidDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField select required label={t('fields.method')} value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
        {METHODS.map((m) => <MenuItem key={m} value={m}>{t(`methods.${m}`)}</MenuItem>)}
      </TextField>
      <TextField label={t('fields.reference')} value={reference} onChange={(e) => setReference(e.target.value)} />
      <WhtPreviewBox paymentId={payment?._id ?? null} paidDate={paidDate} />
    </FormDialog>
  );
};

/** /invoices: vendor invoices with their three-way match, and payments scheduled and made. */
export const InvoicesPage = () => {
  const { t, user, money, language } = useProcurementTexts();
  const { t: tWht } = useTranslation('wht');
  const invoices = useInvoices(user.ownerEmail);
  const payments = usePayments(user.ownerEmail);
  // In the address (issue 30): the dashboard's "Payments due" opens ?payments=scheduled.
  const [paymentsFilter, setPaymentsFilter] = useQueryParam('payments');
  const paymentRows = paymentsFilter === 'scheduled' ? (payments.data ?? []).filter((p) => p.status === 'scheduled') : payments.data ?? [];
  const [adding, setAdding] = useState(false);
  const [scheduling, setScheduling] = useState<{ invoice: TInvoice | null } | null>(null);
  const [tracking, setTracking] = useState<TPayment | null>(null);
  const canPay = hasRole(user.roles, 'Accounts-access');
  const canOverride = hasRole(user.roles, 'Approvals-access');
  const canCredit = canPay || hasRole(user.roles, 'Procurement-access');
  const canSettle = hasRole(user.roles, 'Settings-access');
  const [matching, setMatching] = useState<string | null>(null);
  const [overriding, setOverriding] = useState<TInvoice | null>(null);
  const [crediting, setCrediting] = useState<TInvoice | null>(null);
  const [attaching, setAttaching] = useState<TInvoice | null>(null);
  const canRecord = canCredit;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { t: tm } = useTranslation('match');
  const matched = (invoices.data ?? []).find((i) => i._id === matching) ?? null;
  const invoiceColumns: GridColDef<TInvoice>[] = [
    {
      field: 'invoiceNumber', headerName: t('fields.invoiceNumber'), minWidth: 190, flex: 0.8,
      // The paperclip downloads the vendor's document; the upload icon attaches one, or replaces it until paid.
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          <span>{row.invoiceNumber}</span>
          <DocumentClip invoice={row} />
          {canRecord && canChangeDocument(row) ? (
            <Tooltip title={tm(row.document ? 'document.replace' : 'document.attach')}>
              <IconButton size="small" aria-label={`${tm(row.document ? 'document.replace' : 'document.attach')} ${row.invoiceNumber}`} onClick={() => setAttaching(row)}><UploadFileIcon fontSize="small" /></IconButton>
            </Tooltip>
          ) : null}
        </Stack>
      ),
    },
    { field: 'orderNumber', headerName: t('fields.orderNumber'), width: 120 },
    { field: 'vendorName', headerName: t('fields.vendor'), flex: 1, minWidth: 150 },
    { field: 'invoiceDate', headerName: t('fields.invoiceDate'), width: 120, valueFormatter: (v: string) => formatDate(v, language) },
    moneyColumn('totalMinor', t('common.total'), { currency: (row) => row.currency, language, flex: undefined, width: 160 }),
    {
      field: 'match', headerName: t('invoices.match'), width: 230, valueGetter: (_v, row) => tm(`state.${row.hold.state}`),
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <HoldChip invoice={row} />
          <Button size="small" onClick={() => setMatching(row._id)} aria-label={`${tm('details')} ${row.invoiceNumber}`}>{tm('details')}</Button>
        </Stack>
      ),
    },
    moneyColumn('outstandingMinor', tm('outstanding'), { currency: (row) => row.currency, language, flex: undefined, width: 150 }),
    { field: 'paidMinor', headerName: t('fields.paidDate'), width: 200, valueGetter: (_v, row) => t('invoices.paidOf', { paid: money(row.paidMinor, row.currency), total: money(row.totalMinor, row.currency) }) },
    { field: 'pay', headerName: t('common.actions'), width: 170, sortable: false, filterable: false, renderCell: ({ row }) => {
      // Nothing to schedule on a paid invoice; a held one is released first (override or credit note).
      if (row.hold.isHeld) return canOverride ? <Button size="small" color="warning" onClick={() => setOverriding(row)}>{tm('override')}</Button> : <Typography variant="body2">{tm('state.held')}</Typography>;
      if (row.outstandingMinor <= 0) return <Typography variant="body2">{tm('nothingToPay')}</Typography>;
      return canPay ? <Button size="small" onClick={() => setScheduling({ invoice: row })}>{t('invoices.schedule')}</Button> : null;
    } },
  ];
  const paymentColumns: GridColDef<TPayment>[] = [
    { field: 'orderNumber', headerName: t('fields.orderNumber'), width: 120 },
    { field: 'invoiceNumber', headerName: t('fields.invoiceNumber'), width: 150 },
    { field: 'vendorName', headerName: t('fields.vendor'), flex: 1, minWidth: 150 },
    moneyColumn('amountMinor', t('fields.amount'), { currency: (row) => row.currency, language, flex: undefined, width: 160 }),
    { field: 'dueDate', headerName: t('fields.dueDate'), width: 120, valueFormatter: (v: string) => formatDate(v, language) },
    { field: 'status', headerName: t('fields.status'), width: 180, renderCell: ({ row }) => <StatusChip status={row.status} /> },
    { field: 'paidDate', headerName: t('fields.paidDate'), width: 120, valueFormatter: (v: string | null) => formatDate(v, language) },
    { field: 'track', headerName: t('common.actions'), width: 170, sortable: false, filterable: false, renderCell: ({ row }) => (canPay && row.status === 'scheduled' ? <Button size="small" onClick={() => setTracking(row)}>{t('invoices.record')}</Button> : null) },
    { field: 'whtMinor', headerName: tWht('schedule.wht'), width: 140, valueFormatter: (v: number | undefined, row) => (v ? money(v, row.currency) : '') },
    {
      field: 'print', headerName: tWht('print.advice'), width: 260, sortable: false, filterable: false, renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5}>
          <PdfButton path={`/orders/payments/${row._id}/advice-pdf`} fileName={`payment-advice-${row.orderNumber}.pdf`} label={tWht('print.advice')} />
          {row.whtMinor ? <PdfButton path={`/orders/payments/${row._id}/wht-receipt`} fileName={`wht-${row.orderNumber}.pdf`} label={tWht('print.receipt')} /> : null}
        </Stack>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('invoices.title')} description={t('invoices.description')} />
      <Section title={t('invoices.label')} actions={<>
        {canSettle ? <Button variant="outlined" onClick={() => setSettingsOpen(true)}>{tm('settings')}</Button> : null}
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>{t('invoices.add')}</Button>
      </>}>
        {invoices.isError ? <LoadError error={invoices.error} onRetry={() => void invoices.refetch()} /> : null}
        <HeldInvoices invoices={invoices.data ?? []} />
        {invoices.data && invoices.data.length === 0 ? <EmptyState Icon={ReceiptLongIcon} title={t('invoices.empty')} body={t('invoices.emptyBody')} compact /> : (
          <DataTable label={t('invoices.label')} rows={invoices.data ?? []} columns={invoiceColumns} phoneColumns={['invoiceNumber', 'pay']} getRowId={(r) => r._id} loading={invoices.isPending} />
        )}
      </Section>
      <Section title={t('invoices.paymentsLabel')} actions={canPay ? <Button variant="outlined" onClick={() => setScheduling({ invoice: null })}>{t('invoices.schedule')}</Button> : null}>
        {payments.isError ? <LoadError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
        {paymentsFilter === 'scheduled' ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="payments-filtered" action={<Button color="inherit" size="small" onClick={() => setPaymentsFilter(null)}>{t('invoices.showAll')}</Button>}>
            {t('invoices.showingDue')}
          </Alert>
        ) : null}
        {payments.data && payments.data.length === 0 ? <EmptyState Icon={PaymentsIcon} title={t('invoices.paymentsEmpty')} body={t('invoices.paymentsEmptyBody')} compact /> : (
          <DataTable label={t('invoices.paymentsLabel')} rows={paymentRows} columns={paymentColumns} phoneColumns={['vendorName', 'track']} keyColumns={['invoiceNumber', 'amountMinor', 'status']} getRowId={(r) => r._id} loading={payments.isPending} />
        )}
      </Section>
      {canPay ? <WhtSchedulePanel /> : null}
      <AgeingPanel />
      <InvoiceDialog open={adding} onClose={() => setAdding(false)} />
      <ScheduleDialog open={!!scheduling} invoice={scheduling?.invoice ?? null} onClose={() => setScheduling(null)} />
      <TrackDialog payment={tracking} onClose={() => setTracking(null)} />
      <Dialog open={!!matched} onClose={() => setMatching(null)} maxWidth="md" fullWidth aria-labelledby="invoice-match-title">
        <DialogTitle id="invoice-match-title">{matched ? `${matched.invoiceNumber} · ${matched.orderNumber} · ${matched.vendorName}` : ''}</DialogTitle>
        <DialogContent>{matched ? <InvoiceMatchSummary invoice={matched} /> : null}</DialogContent>
        <DialogActions>
          {matched && canRecord && canChangeDocument(matched) ? <Button onClick={() => setAttaching(matched)}>{tm(matched.document ? 'document.replace' : 'document.attach')}</Button> : null}
          {matched && canCredit ? <Button onClick={() => setCrediting(matched)}>{tm('creditNote')}</Button> : null}
          {matched?.hold.isHeld && canOverride ? <Button color="warning" onClick={() => setOverriding(matched)}>{tm('override')}</Button> : null}
          <Button onClick={() => setMatching(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
      <OverrideDialog invoice={overriding} onClose={() => setOverriding(null)} />
      <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />
      <AttachDocumentDialog invoice={attaching} onClose={() => setAttaching(null)} />
      <ProcurementSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
};
