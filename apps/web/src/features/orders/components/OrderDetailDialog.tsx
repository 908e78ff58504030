import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoldChip, MatchReasons } from './InvoiceMatch.tsx';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TOrderDetail } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate, formatDateTime } from '../../../shared/format/dates.ts';
import { hasRole } from '../../../shared/access.ts';
import { useCallOff, useCancelOrder, useDecideOrder, useOrder, useOrderRevisions, useReceiveGoods, useReturnGoods } from '../api.ts';
import { AmendOrderDialog } from './AmendOrderDialog.tsx';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { PdfButton } from './WhtParts.tsx';
import { usePlaces } from '../../../shared/places/api.ts';

const STOCK_PLACES = ['store', 'site'] as const;
type TGrn = TOrderDetail['grns'][number];

/** Goods sent back to the supplier against one GRN: per line at most what it received less what went back already. */
const ReturnDialog = ({ order, grn, onClose }: { order: TOrderDetail; grn: TGrn | null; onClose: () => void }) => {
  const { t } = useTranslation('procurement');
  const { t: tApp } = useTranslation('app');
  const back = useReturnGoods(order._id);
  const [date, setDate] = useState(today());
  const [reason, setReason] = useState('');
  const [qty, setQty] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setQty({});
    setReason('');
    setError(null);
  }, [grn]);
  if (!grn) return null;
  return (
    <FormDialog
      open title={t('orders.returnTitle', { number: order.invoiceNumber })} submitLabel={t('orders.returnGoods')} busy={back.isPending} error={error} onClose={onClose} maxWidth="md"
      onSubmit={async (e) => {
        e.preventDefault();
        const lines = grn.lines.map((l) => ({ lineId: l.lineId, quantity: quantityText(qty[l.lineId] ?? '0') || '0' }));
        if (!reason.trim()) return setError(`${t('fields.returnReason')}: ${t('common.required')}`);
        if (lines.some((l) => l.quantity !== '0' && !isQuantity(l.quantity))) return setError(t('common.quantityInvalid'));
        try {
          await back.mutateAsync({ grnId: grn._id, returnedDate: date, reason, lines });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField type="date" label={t('fields.returnedDate')} value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
        <TextField fullWidth label={t('fields.returnReason')} value={reason} onChange={(e) => setReason(e.target.value)} required />
      </Stack>
      {grn.lines.map((l) => (
        <TextField
          key={l.lineId} size="small" inputMode="decimal" value={qty[l.lineId] ?? ''} onChange={(e) => setQty({ ...qty, [l.lineId]: e.target.value })}
          label={`${l.item}: ${t('fields.toReturn')} (${t('fields.received')} ${l.quantity}${l.returned && l.returned !== '0' ? `, ${t('orders.returnedSoFar', { quantity: l.returned })}` : ''}${l.locationName ? ` · ${l.locationName}` : ''})`}
        />
      ))}
    </FormDialog>
  );
};
import { LoadError, StatusChip, isQuantity, quantityText, today, useMoneyParser, useProcurementTexts } from './ProcurementUi.tsx';

const ReceiveDialog = ({ order, open, onClose }: { order: TOrderDetail; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('procurement');
  const { t: tApp } = useTranslation('app');
  const receive = useReceiveGoods();
  const [date, setDate] = useState(today());
  const [receiver, setReceiver] = useState('');
  const [note, setNote] = useState('');
  const [qty, setQty] = useState<Record<string, string>>({});
  // Each line goes into a store or site (issue 34): by default the order's delivery place, else the store "Stores".
  const stores = usePlaces(['store']);
  const fallback = order.deliveryPlace?._id ?? stores.data?.find((p) => p.name.trim().toLowerCase() === 'stores')?._id ?? null;
  const [places, setPlaces] = useState<Record<string, string | null>>({});
  const placeOf = (lineId: string) => (lineId in places ? places[lineId] : fallback);
  // Issue 35: a line received as not stocked (works, services) goes into no store and is charged to the order's project.
  const { t: tLedger } = useTranslation('ledger');
  const [notStocked, setNotStocked] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setQty({});
    setPlaces({});
    setNotStocked({});
    setError(null);
  }, [open]);
  return (
    <FormDialog
      open={open} title={t('orders.receiveTitle', { number: order.invoiceNumber })} submitLabel={t('orders.receive')} busy={receive.isPending} error={error} onClose={onClose} maxWidth="md"
      onSubmit={async (e) => {
        e.preventDefault();
        const lines = order.lines.map((l) => ({ lineId: l._id, quantity: quantityText(qty[l._id] ?? '0') || '0', ...(notStocked[l._id] ? { notStocked: true, locationId: null } : { locationId: placeOf(l._id) }) }));
        if (!receiver.trim()) return setError(`${t('fields.receiver')}: ${t('common.required')}`);
        if (lines.some((l) => l.quantity !== '0' && !isQuantity(l.quantity))) return setError(t('common.quantityInvalid'));
        try {
          await receive.mutateAsync({ orderId: order._id, receivedDate: date, receiver, note: note || null, lines });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField type="date" label={t('fields.receivedDate')} value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
        <TextField fullWidth label={t('fields.receiver')} value={receiver} onChange={(e) => setReceiver(e.target.value)} required />
      </Stack>
      {order.lines.map((l) => (
        <Stack key={l._id} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            fullWidth size="small" inputMode="decimal" value={qty[l._id] ?? ''} onChange={(e) => setQty({ ...qty, [l._id]: e.target.value })}
            label={`${l.item}: ${t('fields.toReceive')} (${t('fields.ordered')} ${l.quantity}, ${t('fields.received')} ${l.received} ${l.unit})`}
          />
          <Box sx={{ minWidth: { sm: 240 } }}>
            <PlacePicker size="small" label={t('fields.receiveInto', { item: l.item })} kinds={STOCK_PLACES} value={notStocked[l._id] ? null : placeOf(l._id)} disabled={notStocked[l._id]} onChange={(p) => setPlaces({ ...places, [l._id]: p?._id ?? null })} />
            <FormControlLabel
              control={<Checkbox size="small" checked={notStocked[l._id] ?? false} onChange={(e) => setNotStocked({ ...notStocked, [l._id]: e.target.checked })} />}
              label={<Typography variant="body2">{tLedger('notStocked')}</Typography>} title={tLedger('notStockedHelp')}
            />
          </Box>
        </Stack>
      ))}
      <TextField label={t('fields.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
    </FormDialog>
  );
};

const CallOffDialog = ({ order, open, onClose }: { order: TOrderDetail; open: boolean; onClose: () => void }) => {
  const { t, money } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const callOff = useCallOff();
  const parse = useMoneyParser();
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [date, setDate] = useState(today());
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      open={open} title={t('standing.callOffTitle', { number: order.invoiceNumber })} description={t('standing.remainingNote', { amount: money((order.ceilingMinor ?? 0) - order.drawnMinor, order.currency) })}
      submitLabel={t('standing.callOff')} busy={callOff.isPending} error={error} onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        const major = parse(amount);
        if (major === null) return setError(t('common.amountInvalid'));
        try {
          await callOff.mutateAsync({ orderId: order._id, amount: major, description, date });
          setAmount('');
          setDescription('');
          onClose();
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      <TextField label={t('fields.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required />
      <TextField label={t('fields.description')} value={description} onChange={(e) => setDescription(e.target.value)} required />
      <TextField type="date" label={t('fields.date')} value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
    </FormDialog>
  );
};

/** One order: lines, approval with its history, goods received, call-offs, invoices and payments, with the actions the caller may take. */
export const OrderDetailDialog = ({ orderId, onClose }: { orderId: string | null; onClose: () => void }) => {
  const { t, money, language, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const { t: tWht } = useTranslation('wht');
  const { t: tm } = useTranslation('match');
  // On a phone the lines show item, ordered and line total (the totals beneath stay in view), and the dialog fills the screen.
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const totalsSpan = isPhone ? 2 : 4;
  const query = useOrder(orderId);
  const cancel = useCancelOrder();
  const decide = useDecideOrder();
  const [dialog, setDialog] = useState<'receive' | 'cancel' | 'calloff' | 'reject' | 'amend' | null>(null);
  const [returning, setReturning] = useState<TGrn | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [orderId]);
  const order = query.data;
  const approval = order?.approval;
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(displayError(tApp, err));
    }
  };
  const isLive = order && order.approvalStatus !== 'cancelled' && order.approvalStatus !== 'rejected';
  const canProcure = hasRole(user.roles, 'Procurement-access');
  // The same rule as the server's: a regular order, approved (or a rejected amendment, to amend again).
  const canAmend = canProcure && order?.POType === 'regular' && (order.approvalStatus === 'approved' || (order.approvalStatus === 'rejected' && order.revision > 1));
  const revisions = useOrderRevisions(order?._id ?? null, (order?.revision ?? 1) > 1);

  return (
    <Dialog open={!!orderId} onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone} aria-labelledby="order-title">
      <DialogTitle id="order-title">{t('orders.detailTitle', { number: order?.invoiceNumber ?? '' })}</DialogTitle>
      <DialogContent>
        {query.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {error ? <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert> : null}
        {order ? (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 700 }}>{order.vendor.name}</Typography>
              <StatusChip status={order.approvalStatus} />
              {order.POType === 'regular' ? <StatusChip status={order.receiptStatus} /> : null}
              {order.revision > 1 ? <Typography variant="body2" sx={{ fontWeight: 700 }}>{t('orders.revision', { revision: order.revision })}</Typography> : null}
            </Stack>
            {order.description ? <Typography color="text.secondary">{order.description}</Typography> : null}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              {approval?.canDecide ? (
                <>
                  <Button variant="contained" color="success" disabled={decide.isPending} onClick={() => act(() => decide.mutateAsync({ orderId: order._id, approvalStatus: 'approved', POType: order.POType }))}>{t('orders.approve')}</Button>
                  <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>{t('orders.reject')}</Button>
                </>
              ) : null}
              {canProcure && order.POType === 'regular' && order.approvalStatus === 'approved' && order.receiptStatus !== 'received' ? <Button variant="contained" onClick={() => setDialog('receive')}>{t('orders.receive')}</Button> : null}
              {canProcure && order.POType === 'standing' && order.approvalStatus === 'approved' ? <Button variant="contained" onClick={() => setDialog('calloff')}>{t('standing.callOff')}</Button> : null}
              {canAmend ? <Button variant="outlined" onClick={() => setDialog('amend')}>{t('orders.amend')}</Button> : null}
              <PdfButton variant="outlined" path={`/orders/${order._id}/pdf`} fileName={`${order.invoiceNumber}.pdf`} label={tWht('print.order')} />
              {canProcure && isLive && order.receiptStatus !== 'received' && order.receiptStatus !== 'partially-received' && order.drawnMinor === 0 ? <Button color="error" onClick={() => setDialog('cancel')}>{t('orders.cancel')}</Button> : null}
            </Stack>
            {order.POType === 'regular' ? (
              <TableContainer>
                <Table size="small" aria-label={t('products.lines')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('fields.item')}</TableCell>
                      <TableCell align="right">{t('fields.ordered')}</TableCell>
                      {isPhone ? null : <TableCell align="right">{t('fields.received')}</TableCell>}
                      {isPhone ? null : <TableCell align="right">{t('fields.unitPrice')}</TableCell>}
                      <TableCell align="right">{t('fields.lineTotal')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {order.lines.map((l) => (
                      <TableRow key={l._id}>
                        <TableCell>{l.item}</TableCell>
                        <TableCell align="right">{l.quantity} {l.unit}</TableCell>
                        {isPhone ? null : <TableCell align="right">{l.received}</TableCell>}
                        {isPhone ? null : <TableCell align="right">{money(l.unitPriceMinor, order.currency)}</TableCell>}
                        <TableCell align="right">{money(l.lineTotalMinor, order.currency)}</TableCell>
                      </TableRow>
                    ))}
                    <TableRow><TableCell colSpan={totalsSpan} align="right">{t('fields.subtotal')}</TableCell><TableCell align="right">{money(order.subtotalMinor, order.currency)}</TableCell></TableRow>
                    <TableRow><TableCell colSpan={totalsSpan} align="right">{t('fields.vat', { rate: order.vatRateBp / 100 })}</TableCell><TableCell align="right">{money(order.vatMinor, order.currency)}</TableCell></TableRow>
                    {order.leviesMinor ? <TableRow><TableCell colSpan={totalsSpan} align="right">{t('fields.levies', { rate: order.levyRateBp / 100 })}</TableCell><TableCell align="right">{money(order.leviesMinor, order.currency)}</TableCell></TableRow> : null}
                    <TableRow><TableCell colSpan={totalsSpan} align="right" sx={{ fontWeight: 700 }}>{t('common.total')}</TableCell><TableCell align="right" sx={{ fontWeight: 700 }}>{money(order.totalMinor, order.currency)}</TableCell></TableRow>
                  </TableBody>
                </Table>
              </TableContainer>
            ) : (
              <Typography>
                {t('fields.ceiling')}: {money(order.ceilingMinor, order.currency)} · {t('fields.drawn')}: {money(order.drawnMinor, order.currency)} · {t('fields.remaining')}: {money((order.ceilingMinor ?? 0) - order.drawnMinor, order.currency)} · {formatDate(order.validFrom, language)} – {formatDate(order.validTo, language)}
              </Typography>
            )}
            <Divider />
            <Typography variant="subtitle1" component="h3">{t('orders.approvalHistory')}</Typography>
            {approval ? (
              <Box>
                <Typography variant="body2">{t('orders.approvalsCount', { approvals: approval.approvals, required: approval.totalApprovalsRequired })} · {t('approvals.requestedBy', { name: approval.requestedBy.userName, when: formatDateTime(approval.createdAt, language) })}</Typography>
                {approval.decisions.map((d) => (
                  <Typography key={d.userId} variant="body2">{t('approvals.decidedBy', { name: d.userName, decision: t(`status.${d.decision}`) })} · {formatDateTime(d.decidedAt, language)}{d.reason ? ` — ${d.reason}` : ''}</Typography>
                ))}
              </Box>
            ) : null}
            {order.revision > 1 ? (
              <Box component="section" aria-label={t('orders.history')}>
                <Typography variant="subtitle1" component="h3">{t('orders.history')}</Typography>
                {(revisions.data ?? []).map((r) => (
                  <Box key={r._id} sx={{ mb: 0.5 }}>
                    <Typography variant="body2">
                      {t('orders.historyEntry', { revision: r.revision, by: r.createdBy, when: formatDateTime(r.createdAt, language), before: money(r.before.totalMinor, order.currency), after: money(r.after.totalMinor, order.currency) })}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">{r.reason}</Typography>
                  </Box>
                ))}
              </Box>
            ) : null}
            {order.POType === 'regular' ? (
              <>
                <Typography variant="subtitle1" component="h3">{t('orders.grns')}</Typography>
                {order.grns.length === 0 ? <Typography variant="body2" color="text.secondary">{t('orders.noGrns')}</Typography> : order.grns.map((g) => (
                  <Stack key={g._id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
                      {formatDate(g.receivedDate, language)} · {g.receiver}: {g.lines.map((l) => `${l.item} ${l.quantity}${l.locationName ? ` → ${l.locationName}` : ''}${l.returned && l.returned !== '0' ? ` (${t('orders.returnedSoFar', { quantity: l.returned })})` : ''}`).join(', ')}{g.note ? ` — ${g.note}` : ''}
                    </Typography>
                    <PdfButton path={`/orders/grns/${g._id}/pdf`} fileName={`GRN-${order.invoiceNumber}.pdf`} label={tWht('print.grn')} />
                    {canProcure ? <Button size="small" onClick={() => setReturning(g)}>{t('orders.returnGoods')}</Button> : null}
                  </Stack>
                ))}
              </>
            ) : (
              <>
                <Typography variant="subtitle1" component="h3">{t('orders.callOffs')}</Typography>
                {order.callOffs.length === 0 ? <Typography variant="body2" color="text.secondary">{t('orders.noCallOffs')}</Typography> : order.callOffs.map((c) => (
                  <Typography key={c._id} variant="body2">{formatDate(c.date, language)} · {c.description}: {money(c.amountMinor, order.currency)} ({c.createdBy})</Typography>
                ))}
              </>
            )}
            {order.invoices.length ? (
              <>
                <Typography variant="subtitle1" component="h3">{t('orders.invoices')}</Typography>
                {order.invoices.map((i) => (
                  <Box key={i._id}>
                    <Typography variant="body2">{i.invoiceNumber} · {money(i.totalMinor, i.currency)} · {tm('outstanding')}: {money(i.outstandingMinor, i.currency)} <HoldChip invoice={i} /></Typography>
                    {i.hold.state !== 'matched' ? <MatchReasons invoice={i} /> : null}
                  </Box>
                ))}
              </>
            ) : null}
            {order.payments.length ? (
              <>
                <Typography variant="subtitle1" component="h3">{t('orders.payments')}</Typography>
                {order.payments.map((p) => <Typography key={p._id} variant="body2">{formatDate(p.dueDate, language)} · {money(p.amountMinor, p.currency)} · {t(`status.${p.status}`)}</Typography>)}
              </>
            ) : null}
            <ReceiveDialog order={order} open={dialog === 'receive'} onClose={() => setDialog(null)} />
            <ReturnDialog order={order} grn={returning} onClose={() => setReturning(null)} />
            <CallOffDialog order={order} open={dialog === 'calloff'} onClose={() => setDialog(null)} />
            {canAmend ? <AmendOrderDialog order={order} open={dialog === 'amend'} onClose={() => setDialog(null)} /> : null}
            <ConfirmDialog
              open={dialog === 'cancel'} destructive title={t('orders.cancelTitle', { number: order.invoiceNumber })} body={t('orders.cancelBody')} confirmLabel={t('orders.cancel')} busy={cancel.isPending}
              onClose={() => setDialog(null)} onConfirm={() => act(() => cancel.mutateAsync(order._id)).then(() => setDialog(null))}
            />
            <FormDialog
              open={dialog === 'reject'} title={t('orders.rejectTitle', { title: order.invoiceNumber })} submitLabel={t('orders.reject')} busy={decide.isPending} onClose={() => setDialog(null)}
              onSubmit={(e) => {
                e.preventDefault();
                if (!reason.trim()) return;
                void act(() => decide.mutateAsync({ orderId: order._id, approvalStatus: 'rejected', POType: order.POType, reason })).then(() => setDialog(null));
              }}
            >
              <TextField autoFocus required label={t('fields.reason')} value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} />
            </FormDialog>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
