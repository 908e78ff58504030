import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { WEBHOOK_EVENTS, type TWebhook, type TWebhookCreate, type TWebhookCreated } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api.ts';
import { SecretReveal } from './SecretReveal.tsx';

/** A new webhook (then its signing secret, once), or changes to one (`hook`). */
export const WebhookDialog = ({ open, hook, onClose }: { open: boolean; hook: TWebhook | null; onClose: () => void }) => {
  const { t } = useTranslation('integrations');
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [created, setCreated] = useState<TWebhookCreated | null>(null);
  useEffect(() => {
    if (!open) return;
    setUrl(hook?.url ?? '');
    setDescription(hook?.description ?? '');
    setEvents(hook?.events ?? []);
    setActive(hook?.active ?? true);
    setErrors({});
  }, [open, hook]);
  const mutation = hook ? update : create;
  const close = () => {
    setCreated(null);
    create.reset();
    update.reset();
    onClose();
  };
  const toggle = (e: string) => setEvents((now) => (now.includes(e) ? now.filter((x) => x !== e) : [...now, e]));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { url: /^https?:\/\/\S+$/.test(url.trim()) ? undefined : t('hooks.urlHelp'), events: events.length ? undefined : t('hooks.eventsRequired') };
    setErrors(next);
    if (next.url || next.events) return;
    const body = { url: url.trim(), events: events as TWebhookCreate['events'], description: description.trim() || null };
    if (hook) update.mutate({ id: hook._id, ...body, active }, { onSuccess: close });
    else create.mutate(body, { onSuccess: (res) => setCreated(res.data) });
  };

  if (created) {
    return (
      <Dialog open={open} fullWidth maxWidth="sm" aria-labelledby="webhook-created-title">
        <DialogTitle id="webhook-created-title">{t('hooks.createdTitle')}</DialogTitle>
        <DialogContent>
          <SecretReveal secret={created.secret} body={t('hooks.createdBody')} copyLabel={t('hooks.copy')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" onClick={close}>{t('hooks.done')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <FormDialog
      open={open} title={hook ? t('hooks.editTitle') : t('hooks.createTitle')} submitLabel={hook ? t('hooks.save') : t('hooks.create')}
      busy={mutation.isPending} error={mutation.isError ? displayError(t, mutation.error) : null} onSubmit={onSubmit} onClose={close}
    >
      <TextField
        label={t('hooks.url')} value={url} required autoFocus type="url" onChange={(e) => setUrl(e.target.value)}
        error={!!errors.url} helperText={t('hooks.urlHelp')} slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <TextField label={t('hooks.description')} value={description} onChange={(e) => setDescription(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <FormControl component="fieldset" error={!!errors.events}>
        <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600 }}>{t('hooks.events')}</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {WEBHOOK_EVENTS.map((e) => (
            <FormControlLabel key={e} control={<Checkbox checked={events.includes(e)} onChange={() => toggle(e)} />} label={t(`hooks.eventNames.${e}`)} />
          ))}
        </FormGroup>
        {errors.events ? <FormHelperText>{errors.events}</FormHelperText> : null}
      </FormControl>
      {hook ? <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label={t('hooks.active')} /> : null}
    </FormDialog>
  );
};
