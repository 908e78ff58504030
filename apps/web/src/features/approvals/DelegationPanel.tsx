import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TDelegation } from '@bizdesk/contract';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { displayError } from '../../shared/i18n/index.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { useCreateDelegation, useDelegates, useDelegations, useDeleteDelegation } from './api.ts';

/** Issue 35: "Delegate while away": while the caller is away, what waits for them also reaches the delegate. */
export const DelegationPanel = () => {
  const { t, i18n } = useTranslation('approvals');
  const { t: tApp } = useTranslation('app');
  const language = i18n.resolvedLanguage ?? 'en';
  const delegations = useDelegations();
  const delegates = useDelegates();
  const create = useCreateDelegation();
  const remove = useDeleteDelegation();
  const [delegateId, setDelegateId] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ending, setEnding] = useState<TDelegation | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!delegateId) return setError(t('delegation.delegateMissing'));
    if (!startsOn || !endsOn) return setError(t('delegation.datesMissing'));
    if (endsOn < startsOn) return setError(t('delegation.datesOrder'));
    try {
      await create.mutateAsync({ delegateId, startsOn, endsOn });
      setDelegateId('');
      setStartsOn('');
      setEndsOn('');
    } catch (err) {
      setError(displayError(tApp, err));
    }
  };
  const line = (name: string, d: TDelegation) => t('delegation.line', { name, from: formatDate(d.startsOn, language), to: formatDate(d.endsOn, language) });
  const mine = delegations.data?.mine ?? [];
  const toMe = delegations.data?.toMe ?? [];

  return (
    <Stack spacing={2} component="section" aria-labelledby="delegation-title">
      <Box>
        <Typography variant="subtitle1" component="h2" id="delegation-title">{t('delegation.title')}</Typography>
        <Typography variant="body2" color="text.secondary">{t('delegation.intro')}</Typography>
      </Box>
      {delegations.isError ? <Alert severity="error">{displayError(tApp, delegations.error)}</Alert> : null}
      {delegations.data && mine.length === 0 ? <Typography variant="body2">{t('delegation.none')}</Typography> : null}
      {mine.length ? (
        <Box>
          <Typography variant="subtitle2" component="h3">{t('delegation.mine')}</Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {mine.map((d) => (
              <Stack component="li" key={d._id} direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{line(d.delegate.userName, d)}</Typography>
                {d.isActive ? <Chip size="small" color="success" label={t('delegation.active')} /> : null}
                <Button size="small" color="error" onClick={() => setEnding(d)} aria-label={t('delegation.removeLabel', { name: d.delegate.userName })}>{t('delegation.remove')}</Button>
              </Stack>
            ))}
          </Stack>
        </Box>
      ) : null}
      {toMe.length ? (
        <Box>
          <Typography variant="subtitle2" component="h3">{t('delegation.toMe')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {toMe.map((d) => <li key={d._id}><Typography variant="body2">{line(d.user.userName, d)}{d.isActive ? ` · ${t('delegation.active')}` : ''}</Typography></li>)}
          </Box>
        </Box>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="form" onSubmit={onSubmit} noValidate aria-label={t('delegation.title')}>
        <Stack spacing={2}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {delegates.data?.length === 0 ? <Alert severity="info">{t('delegation.noDelegates')}</Alert> : null}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField select label={t('delegation.delegate')} value={delegateId} onChange={(e) => setDelegateId(e.target.value)} sx={{ minWidth: 220 }} required>
              {(delegates.data ?? []).map((u) => <MenuItem key={u._id} value={u._id}>{u.userName}</MenuItem>)}
            </TextField>
            <TextField type="date" label={t('delegation.startsOn')} value={startsOn} onChange={(e) => setStartsOn(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
            <TextField type="date" label={t('delegation.endsOn')} value={endsOn} onChange={(e) => setEndsOn(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} required />
          </Stack>
          <Button type="submit" variant="contained" loading={create.isPending} sx={{ alignSelf: 'flex-start' }}>{t('delegation.save')}</Button>
        </Stack>
      </Paper>
      <ConfirmDialog open={Boolean(ending)} title={t('delegation.removeTitle')} destructive busy={remove.isPending}
        body={ending ? t('delegation.removeBody', { name: ending.delegate.userName }) : ''} confirmLabel={t('delegation.remove')}
        onClose={() => setEnding(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(ending!._id);
          } catch (err) {
            setError(displayError(tApp, err));
          }
          setEnding(null);
        }} />
    </Stack>
  );
};
