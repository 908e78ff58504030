import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MODULE_ROLES, type TApiKeyCreate, type TApiKeyCreated } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { RoleCheckboxes } from '../../users/components/RoleCheckboxes.tsx';
import { useCreateApiKey } from '../api.ts';
import { SecretReveal } from './SecretReveal.tsx';

/** The end of the chosen day in the reader's time zone, as the server's ISO instant; '' for none. */
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : null);

/**
 * A new API key: a name, the module roles it holds (never owner or Settings-access), an optional expiry. On success the
 * same dialog shows the key once, with a copy button; closing it forgets the key.
 */
export const ApiKeyDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('integrations');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<{ name?: string; roles?: string }>({});
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);

  const close = () => {
    setName('');
    setRoles([]);
    setExpires('');
    setErrors({});
    setCreated(null);
    create.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { name: name.trim() ? undefined : t('keys.nameHelp'), roles: roles.length ? undefined : t('keys.rolesRequired') };
    setErrors(next);
    if (next.name || next.roles) return;
    create.mutate(
      { name: name.trim(), roles: roles as TApiKeyCreate['roles'], expiresAt: endOfDay(expires) },
      { onSuccess: (res) => setCreated(res.data) },
    );
  };

  if (created) {
    return (
      <Dialog open={open} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="api-key-created-title">
        <DialogTitle id="api-key-created-title">{t('keys.createdTitle')}</DialogTitle>
        <DialogContent>
          <SecretReveal secret={created.secret} body={t('keys.createdBody')} copyLabel={t('keys.copy')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" onClick={close}>{t('keys.done')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <FormDialog
      open={open} title={t('keys.createTitle')} submitLabel={t('keys.createSubmit')} busy={create.isPending}
      error={create.isError ? displayError(t, create.error) : null} onSubmit={onSubmit} onClose={close}
    >
      <TextField
        label={t('keys.name')} value={name} required autoFocus onChange={(e) => setName(e.target.value)}
        error={!!errors.name} helperText={t('keys.nameHelp')} slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      <RoleCheckboxes value={roles} onChange={setRoles} roles={MODULE_ROLES} label={t('keys.roles')} error={errors.roles} />
      <TextField
        type="date" label={t('keys.expires')} value={expires} onChange={(e) => setExpires(e.target.value)}
        helperText={t('keys.expiresHelp')} slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
};
