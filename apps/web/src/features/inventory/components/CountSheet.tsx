import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TStockCount } from '@bizdesk/contract';
import { displayError } from '../../../shared/i18n/index.ts';
import { usePostCount, useRefreshCount, useSaveCount } from '../transfersApi.ts';

const QUANTITY = /^\d+(\.\d{1,3})?$/;

/**
 * One count sheet: the expected quantity of every stock row of the place, the counted quantity typed beside it,
 * the variance and its value. Saved and resumed; posted with a reason (above the threshold it waits for approval).
 */
export const CountSheet = ({ count, money }: { count: TStockCount; money: (minor: number) => string }) => {
  const { t } = useTranslation('inventory');
  const save = useSaveCount();
  const post = usePostCount();
  const refresh = useRefreshCount();
  const [counted, setCounted] = useState<Record<string, string>>({});
  const [reason, setReason] = useState(count.reason);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setCounted(Object.fromEntries(count.lines.map((l) => [l._id, l.countedQuantity === null ? '' : String(l.countedQuantity)])));
    setReason(count.reason);
  }, [count]);
  const isDraft = count.status === 'draft';
  const moved = count.lines.filter((l) => l.hasMovedSince);
  const changes = () => {
    const bad = count.lines.find((l) => counted[l._id]?.trim() && !QUANTITY.test(counted[l._id]!.trim()));
    if (bad) {
      setError(`${bad.name}: ${t('counts.quantityInvalid')}`);
      return null;
    }
    return count.lines.map((l) => ({ lineId: l._id, countedQuantity: counted[l._id]?.trim() ? Number(counted[l._id]) : null }));
  };
  const onSave = () => {
    setError(null);
    const lines = changes();
    if (lines) save.mutate({ id: count._id, lines, reason }, { onError: (err) => setError(displayError(t, err)) });
  };
  const onPost = () => {
    setError(null);
    if (!reason.trim()) return setError(`${t('counts.reason')}: ${t('transfers.required')}`);
    const lines = changes();
    if (!lines) return;
    save.mutate({ id: count._id, lines, reason }, {
      onSuccess: () => post.mutate({ id: count._id, reason: reason.trim() }, { onError: (err) => setError(displayError(t, err)) }),
      onError: (err) => setError(displayError(t, err)),
    });
  };
  const varianceOf = (id: string, expected: number) => {
    const v = counted[id]?.trim();
    return v && QUANTITY.test(v) ? Math.round((Number(v) - expected) * 1000) / 1000 : null;
  };
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">{t('counts.sheetTitle', { number: count.number, place: count.place })}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('counts.varianceTotal', { value: money(count.varianceValueMinor), threshold: money(count.approvalThresholdMinor) })}
        </Typography>
      </Stack>
      {count.status === 'awaiting_approval' ? <Alert severity="info" sx={{ mb: 2 }}>{t('counts.awaiting')}</Alert> : null}
      {count.status === 'posted' ? <Alert severity="success" sx={{ mb: 2 }}>{t('counts.posted')}</Alert> : null}
      {isDraft && moved.length ? (
        <Alert severity="warning" sx={{ mb: 2 }} action={<Button color="inherit" size="small" disabled={refresh.isPending} onClick={() => refresh.mutate(count._id)}>{t('counts.recount')}</Button>}>
          {t('counts.moved', { items: moved.map((l) => l.name).join(', ') })}
        </Alert>
      ) : null}
      {error ? <Alert severity="error" sx={{ mb: 2 }} role="alert">{error}</Alert> : null}
      {/* Scrolls sideways on a phone: focusable so the keyboard can scroll it too (axe scrollable-region-focusable). */}
      <TableContainer sx={{ mb: 2 }} tabIndex={0} role="region" aria-label={t('counts.sheetTitle', { number: count.number, place: count.place })}>
        <Table size="small" aria-label={t('counts.sheetTitle', { number: count.number, place: count.place })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('counts.item')}</TableCell>
              <TableCell align="right">{t('counts.expected')}</TableCell>
              <TableCell align="right">{t('counts.counted')}</TableCell>
              <TableCell align="right">{t('counts.variance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {count.lines.map((l) => {
              const v = isDraft ? varianceOf(l._id, l.expectedQuantity) : l.varianceQuantity;
              return (
                <TableRow key={l._id}>
                  <TableCell>{l.name}<Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>{l.unit}</Typography></TableCell>
                  <TableCell align="right">{l.expectedQuantity}</TableCell>
                  <TableCell align="right" sx={{ minWidth: 96 }}>
                    {isDraft ? (
                      <TextField size="small" value={counted[l._id] ?? ''} onChange={(e) => setCounted((c) => ({ ...c, [l._id]: e.target.value }))}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('counts.countedOf', { name: l.name }), style: { textAlign: 'right' } } }} sx={{ maxWidth: 110 }} />
                    ) : (l.countedQuantity ?? '—')}
                  </TableCell>
                  <TableCell align="right" data-testid={`variance-${l._id}`}>{v === null ? '—' : v > 0 ? `+${v}` : String(v)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {isDraft ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField label={t('counts.reason')} value={reason} onChange={(e) => setReason(e.target.value)} sx={{ flex: 1 }} />
          <Button variant="outlined" onClick={onSave} disabled={save.isPending || post.isPending}>{t('counts.save')}</Button>
          <Button variant="contained" onClick={onPost} disabled={save.isPending || post.isPending}>{t('counts.post')}</Button>
        </Stack>
      ) : null}
    </Box>
  );
};
