import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TWebhook } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { useDeleteWebhook, useDeliveries, useSendTestEvent, useWebhooks } from '../api.ts';
import { WebhookDialog } from './WebhookDialog.tsx';

const STATUS_COLOR = { pending: 'default', delivered: 'success', failed: 'error' } as const;

/** Each delivery's attempts, one row per attempt; the table scrolls sideways on a phone rather than squeezing. */
const DeliveryLog = ({ hookId }: { hookId: string }) => {
  const { t, i18n } = useTranslation('integrations');
  const log = useDeliveries(hookId);
  if (log.isPending) return <Skeleton variant="rounded" height={60} />;
  if (log.isError) return <Alert severity="error">{displayError(t, log.error)}</Alert>;
  if (log.data.length === 0) return <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('hooks.noDeliveries')}</Typography>;
  const c = (k: string) => t(`hooks.columns.${k}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('hooks.log')} sx={{ minWidth: 560, '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>{['at', 'event', 'status', 'attempt', 'code', 'duration', 'error'].map((k) => <TableCell key={k}>{c(k)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {log.data.flatMap((d) => (d.attempts.length ? d.attempts : [null]).map((a, i) => (
            <TableRow key={`${d._id}-${i}`} data-testid="delivery-attempt">
              <TableCell>{formatDateTime(a?.at ?? d.createdAt, i18n.language)}</TableCell>
              <TableCell>{t(`hooks.eventNames.${d.event}`, { defaultValue: d.event })}</TableCell>
              <TableCell>{i === 0 ? <Chip size="small" color={STATUS_COLOR[d.status]} label={t(`hooks.status.${d.status}`)} /> : null}</TableCell>
              <TableCell>{a?.attempt ?? '–'}</TableCell>
              <TableCell>{a ? (a.statusCode ?? t('hooks.noAnswer')) : '–'}</TableCell>
              <TableCell>{a ? t('hooks.ms', { count: a.durationMs }) : '–'}</TableCell>
              <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 160 }}>{a?.error ?? ''}</TableCell>
            </TableRow>
          )))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** The owner's webhooks: URL, events, state; edit, test, delete, and the delivery log under each. */
export const WebhooksCard = () => {
  const { t } = useTranslation('integrations');
  const hooks = useWebhooks();
  const remove = useDeleteWebhook();
  const sendTest = useSendTestEvent();
  const [editing, setEditing] = useState<TWebhook | null | 'new'>(null);
  const [deleting, setDeleting] = useState<TWebhook | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const onError = (e: unknown) => flash(displayError(t, e), 'error');
  return (
    <Card id="webhooks">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">{t('hooks.title')}</Typography>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>{t('hooks.create')}</Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>{t('hooks.help')}</Typography>
        {hooks.isError ? <Alert severity="error">{displayError(t, hooks.error)}</Alert> : null}
        {hooks.isPending ? <Skeleton variant="rounded" height={80} /> : null}
        {hooks.data?.length === 0 ? <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('hooks.none')}</Typography> : null}
        <Stack spacing={1.5}>
          {hooks.data?.map((h) => (
            <Box key={h._id} data-testid="webhook-row" sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: '1 1 240px' }}>{h.url}</Typography>
                <Chip size="small" color={h.active ? 'success' : 'default'} label={h.active ? t('hooks.active') : t('hooks.paused')} />
              </Stack>
              {h.description ? <Typography variant="caption" sx={{ color: 'text.secondary' }}>{h.description}</Typography> : null}
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }}>
                {h.events.map((e) => <Chip key={e} size="small" variant="outlined" label={t(`hooks.eventNames.${e}`, { defaultValue: e })} />)}
              </Stack>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button size="small" onClick={() => setLogOf(logOf === h._id ? null : h._id)}>{logOf === h._id ? t('hooks.hideLog') : t('hooks.log')}</Button>
                <Button size="small" loading={sendTest.isPending && sendTest.variables === h._id} onClick={() => sendTest.mutate(h._id, { onSuccess: () => setLogOf(h._id), onError })}>{t('hooks.test')}</Button>
                <Button size="small" onClick={() => setEditing(h)}>{t('hooks.edit')}</Button>
                <Button size="small" color="error" onClick={() => setDeleting(h)}>{t('hooks.delete')}</Button>
              </Stack>
              {logOf === h._id ? <Box sx={{ mt: 1 }}><DeliveryLog hookId={h._id} /></Box> : null}
            </Box>
          ))}
        </Stack>
      </CardContent>
      <WebhookDialog open={editing !== null} hook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null} destructive busy={remove.isPending}
        title={t('hooks.deleteTitle')} body={t('hooks.deleteBody', { url: deleting?.url ?? '' })} confirmLabel={t('hooks.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSuccess: () => setDeleting(null), onError })}
      />
    </Card>
  );
};
