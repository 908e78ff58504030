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
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TApiKey } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { useApiKeys, useRevokeApiKey } from '../api.ts';
import { ApiKeyDialog } from './ApiKeyDialog.tsx';

/** The owner's API keys: each as a row that wraps on a phone (name and roles, then when it was used, then revoke). */
export const ApiKeysCard = () => {
  const { t, i18n } = useTranslation('integrations');
  const { t: tApp } = useTranslation('app');
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const state = (k: TApiKey) => {
    if (k.revokedAt) return t('keys.revoked', { date: when(k.revokedAt) });
    if (k.expiresAt && Date.parse(k.expiresAt) <= Date.now()) return t('keys.expired');
    return [k.lastUsedAt ? t('keys.lastUsed', { date: when(k.lastUsedAt) }) : t('keys.neverUsed'), k.expiresAt ? t('keys.expiresOn', { date: when(k.expiresAt) }) : null].filter(Boolean).join(' · ');
  };
  return (
    <Card id="api-keys">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">{t('keys.title')}</Typography>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{t('keys.create')}</Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>{t('keys.help')}</Typography>
        {keys.isError ? <Alert severity="error">{displayError(t, keys.error)}</Alert> : null}
        {keys.isPending ? <Skeleton variant="rounded" height={80} /> : null}
        {keys.data?.length === 0 ? <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('keys.none')}</Typography> : null}
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {keys.data?.map((k) => (
            <Box
              component="li" key={k._id} data-testid="api-key-row"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, opacity: k.revokedAt ? 0.6 : 1 }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {k.name} <Box component="code" sx={{ color: 'text.secondary', fontWeight: 400 }}>{k.prefix}…</Box>
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 0.5 }}>
                  {k.roles.map((r) => <Chip key={r} size="small" label={tApp(`roles.${r}.label`)} />)}
                </Stack>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>{state(k)}</Typography>
              </Box>
              {k.revokedAt ? null : (
                <Button size="small" color="error" variant="outlined" onClick={() => setRevoking(k)}>{t('keys.revoke')}</Button>
              )}
            </Box>
          ))}
        </Stack>
      </CardContent>
      <ApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null} destructive busy={revoke.isPending}
        title={t('keys.revokeTitle', { name: revoking?.name ?? '' })} body={t('keys.revokeBody')} confirmLabel={t('keys.revoke')}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking._id, { onSuccess: () => setRevoking(null), onError: (e) => flash(displayError(t, e), 'error') })}
      />
    </Card>
  );
};
