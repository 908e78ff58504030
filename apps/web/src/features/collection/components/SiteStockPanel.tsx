import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import type { TCollectionPoint, TCollectorAction, TCollectorStaff, TInventoryItem } from '@bizdesk/contract';
import { BadRequestError } from '../../../shared/api/errors.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { sendSiteMovement, siteStockKey, useSiteStaff, useSiteStock } from '../api.ts';
import { discard, enqueue, flush, refused, waiting, type TQueuedMovement, type TSendResult } from '../stockQueue.ts';

const ACTIONS: readonly TCollectorAction[] = ['receive', 'use', 'count'];
const QTY = /^\d{1,11}([.,]\d{1,3})?$/;

type TItemRef = { itemId: string; itemName: string; unit: string };
type TDialog = { item: TItemRef; action: TCollectorAction; fixing?: TQueuedMovement };

const useOnline = () => {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
};

/** One receipt, use or count: who did it (the site's staff, the point's own employee first), how much, and a note. */
const MovementDialog = ({ dialog, staff, own, onClose, onSave }: {
  dialog: TDialog | null; staff: readonly TCollectorStaff[]; own: TCollectorStaff; onClose: () => void;
  onSave: (d: TDialog, values: { quantity: number; person: TCollectorStaff; note: string }) => Promise<void>;
}) => {
  const { t } = useTranslation('collector');
  const [person, setPerson] = useState<TCollectorStaff | null>(own);
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; person?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!dialog) return;
    const f = dialog.fixing;
    setPerson(f ? { name: f.employeeName, employeeNumber: f.employeeNumber } : own);
    setQuantity(f ? String(f.quantity) : '');
    setNote(f?.note ?? '');
    setErrors({});
  }, [dialog, own]);
  const options = staff.some((s) => s.employeeNumber === own.employeeNumber) ? staff : [own, ...staff];

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!dialog) return;
    const text = quantity.trim();
    const value = Number(text.replace(',', '.'));
    const next: typeof errors = {};
    if (!QTY.test(text)) next.quantity = t('quantityRequired');
    else if (dialog.action !== 'count' && value <= 0) next.quantity = t('quantityPositive');
    if (!person) next.person = t('employeeRequired');
    setErrors(next);
    if (next.quantity || next.person || !person) return;
    setBusy(true);
    try {
      await onSave(dialog, { quantity: value, person, note: note.trim() });
    } finally {
      setBusy(false);
    }
  };

  const action = dialog?.action ?? 'use';
  const unit = dialog?.item.unit ?? '';
  return (
    <FormDialog open={dialog !== null} title={dialog ? t(`actionOf.${action}`, { item: dialog.item.itemName }) : ''} description={t(`help.${action}`)}
      submitLabel={t('save')} busy={busy} onSubmit={(e) => void onSubmit(e)} onClose={onClose}>
      <Autocomplete<TCollectorStaff>
        options={options}
        value={person}
        onChange={(_, v) => setPerson(v)}
        getOptionLabel={(o) => `${o.name} (${o.employeeNumber})`}
        isOptionEqualToValue={(a, b) => a.employeeNumber === b.employeeNumber}
        renderInput={(params) => (
          <TextField {...params} label={t('employee')} error={!!errors.person} helperText={errors.person ?? t('employeeHelp')} slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'site-stock-employee' } }} />
        )}
      />
      <TextField label={action === 'count' ? t('countedQuantity', { unit }) : t('quantity', { unit })} value={quantity} onChange={(e) => setQuantity(e.target.value)} autoFocus
        error={!!errors.quantity} helperText={errors.quantity} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'site-stock-quantity' } }} />
      <TextField label={t('note')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 300 } }} />
    </FormDialog>
  );
};

/**
 * A collection point's site phone (issue 34 item 4): the stock rows at its place, and Receive / Use / Count with the
 * employee who did it. Every entry is kept on the phone first (with the phone's time and its reference) and sent when
 * online, so a lost connection loses nothing and a resend counts once; refused entries stay with the server's reason.
 */
export const SiteStockPanel = ({ token, point, own }: { token: string; point: TCollectionPoint; own: TCollectorStaff }) => {
  const { t, i18n } = useTranslation('collector');
  const queryClient = useQueryClient();
  const online = useOnline();
  const items = useSiteStock(token, point);
  const staff = useSiteStaff(token, point._id);
  const [pending, setPending] = useState<TQueuedMovement[]>([]);
  const [refusedList, setRefused] = useState<TQueuedMovement[]>([]);
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const [syncing, setSyncing] = useState(false);

  const reloadQueue = useCallback(async () => {
    await waiting(point._id).then(setPending, () => setPending([]));
    await refused(point._id).then(setRefused, () => setRefused([]));
  }, [point._id]);

  const send = useCallback(async (m: TQueuedMovement): Promise<TSendResult> => {
    try {
      await sendSiteMovement(token, {
        itemId: m.itemId, action: m.action, quantity: m.quantity, employeeNumber: m.employeeNumber, reference: m.reference, deviceTime: m.deviceTime,
        ...(m.note ? { note: m.note } : {}),
      });
      return { result: 'sent' };
    } catch (e) {
      // Refused (4xx, not a lost session): nothing was recorded; the person decides. Anything else is tried again later.
      if (e instanceof BadRequestError && e.status !== 401) return { result: 'refused', reason: displayError(t, e) };
      return { result: 'offline' };
    }
  }, [token, t]);

  const sync = useCallback(async () => {
    setSyncing(true);
    try {
      const sent = await flush(point._id, send).catch(() => 0);
      await reloadQueue();
      if (sent > 0) {
        flash(t('synced', { count: sent }), 'success');
        await queryClient.invalidateQueries({ queryKey: siteStockKey(point._id) });
      }
    } finally {
      setSyncing(false);
    }
  }, [point._id, send, reloadQueue, queryClient, t]);

  useEffect(() => {
    void reloadQueue().then(() => (navigator.onLine ? sync() : undefined));
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [reloadQueue, sync]);

  const onSave = async (d: TDialog, v: { quantity: number; person: TCollectorStaff; note: string }) => {
    await enqueue({
      pointId: point._id, itemId: d.item.itemId, itemName: d.item.itemName, unit: d.item.unit, action: d.action, quantity: v.quantity,
      // A fixed entry keeps the time it happened; it goes as a new entry (the refused one recorded nothing).
      employeeNumber: v.person.employeeNumber, employeeName: v.person.name, deviceTime: d.fixing?.deviceTime ?? new Date().toISOString(), ...(v.note ? { note: v.note } : {}),
    });
    if (d.fixing) await discard(d.fixing.reference);
    setDialog(null);
    await reloadQueue();
    if (navigator.onLine) await sync();
    else flash(t('queued'), 'info');
  };

  const onDiscard = async (reference: string) => {
    await discard(reference).catch(() => undefined);
    await reloadQueue();
  };

  const line = (m: TQueuedMovement) => ({
    action: t(`actions.${m.action}`), quantity: m.quantity, unit: m.unit, item: m.itemName, employee: m.employeeName, time: formatDateTime(m.deviceTime, i18n.language),
  });
  const stock = items.data ?? [];
  const staffList = staff.data ?? [];
  return (
    <Card data-testid="site-stock">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>{t('title', { place: point.tagName })}</Typography>
            {online ? null : <Chip size="small" color="warning" icon={<CloudOffIcon />} label={t('offline')} data-testid="site-stock-offline" />}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('subtitle')}</Typography>

          {refusedList.length > 0 ? (
            <Stack spacing={1} component="section" aria-label={t('refusedTitle')}>
              <Typography variant="subtitle2" component="h3">{t('refusedTitle')}</Typography>
              {refusedList.map((m) => (
                <Alert key={m.reference} severity="error" data-testid="site-stock-refused"
                  action={(
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5}>
                      <Button color="inherit" size="small" onClick={() => setDialog({ item: m, action: m.action, fixing: m })}>{t('fix')}</Button>
                      <Button color="inherit" size="small" onClick={() => void onDiscard(m.reference)}>{t('discard')}</Button>
                    </Stack>
                  )}>
                  {t('refusedEntry', line(m))} {m.reason}
                </Alert>
              ))}
            </Stack>
          ) : null}

          {pending.length > 0 ? (
            <Stack spacing={1} component="section" aria-label={t('pendingTitle')}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="subtitle2" component="h3">{t('pendingTitle')}</Typography>
                <Button size="small" disabled={!online || syncing} onClick={() => void sync()}>{t('syncNow')}</Button>
              </Stack>
              {pending.map((m) => (
                <Alert key={m.reference} severity="info" icon={<CloudOffIcon fontSize="inherit" />} data-testid="site-stock-waiting">{t('waitingEntry', line(m))}</Alert>
              ))}
            </Stack>
          ) : null}

          {items.isError && !items.data ? (
            <Alert severity={online ? 'error' : 'warning'} action={<Button color="inherit" size="small" onClick={() => void items.refetch()}>{t('retry')}</Button>}>
              {online ? `${t('loadFailed')} ${displayError(t, items.error)}` : t('offlineList')}
            </Alert>
          ) : null}
          {items.isLoading && !items.data ? <Skeleton variant="rounded" height={96} /> : null}
          {items.data && stock.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('empty')}</Typography> : null}
          {stock.length > 0 ? (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('title', { place: point.tagName })}>
              {stock.map((item: TInventoryItem) => (
                <Box component="li" key={item._id} data-testid="site-stock-item" data-item={item.name}
                  sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="site-stock-quantity-shown">
                      {t('inStock', { quantity: item.quantity.toLocaleString(i18n.language), unit: item.unit })}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                    {ACTIONS.map((action) => (
                      <Button key={action} size="small" variant={action === 'use' ? 'contained' : 'outlined'} data-testid={`site-stock-${action}`}
                        aria-label={t(`actionOf.${action}`, { item: item.name })}
                        onClick={() => setDialog({ item: { itemId: item._id, itemName: item.name, unit: item.unit }, action })}>
                        {t(`actions.${action}`)}
                      </Button>
                    ))}
                  </Stack>
                </Box>
              ))}
            </Box>
          ) : null}
        </Stack>
      </CardContent>
      <MovementDialog dialog={dialog} staff={staffList} own={own} onClose={() => setDialog(null)} onSave={onSave} />
    </Card>
  );
};
