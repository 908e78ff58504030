import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canUseTwoFactor, type TTwoFactorSetup } from '@bizdesk/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../../shared/session.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { EnrolPanel, RecoveryCodes } from '../../auth/components/TwoFactorParts.tsx';
import { useRenewRecoveryCodes, useTwoFactorDisable, useTwoFactorEnable, useTwoFactorPolicy, useTwoFactorSetup, useTwoFactorStatus } from '../two-factor.api.ts';

type TProofAction = 'disable' | 'codes' | null;

/**
 * The profile's "Two-factor sign-in" section, for owners, Accounts-access and Approvals-access (issue 29):
 * set up (QR code, key to type, first code), recovery codes shown once, turn off or new codes with the password,
 * and for the owner the rule that requires it of those roles.
 */
export const TwoFactorCard = () => {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const eligible = canUseTwoFactor(user.roles ?? []);
  const status = useTwoFactorStatus(eligible);
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const disable = useTwoFactorDisable();
  const renew = useRenewRecoveryCodes();
  const policy = useTwoFactorPolicy();
  const [pending, setPending] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [proofFor, setProofFor] = useState<TProofAction>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!eligible) return null;
  const isOwner = (user.roles ?? []).includes('owner');
  const state = status.data;

  const onStart = () => {
    setError(null);
    setup.mutate(undefined, { onSuccess: (res) => setPending(res.data), onError: (e) => setError(displayError(t, e)) });
  };
  const onConfirm = (code: string) => {
    setError(null);
    enable.mutate(code, { onSuccess: (res) => { setPending(null); setCodes(res.data.recoveryCodes); }, onError: (e) => setError(displayError(t, e)) });
  };
  const onProof = () => {
    setError(null);
    const done = () => { setProofFor(null); setPassword(''); };
    if (proofFor === 'disable') disable.mutate({ password }, { onSuccess: done, onError: (e) => setError(displayError(t, e)) });
    if (proofFor === 'codes') renew.mutate({ password }, { onSuccess: (res) => { done(); setCodes(res.data.recoveryCodes); }, onError: (e) => setError(displayError(t, e)) });
  };

  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">{t('auth.twoFactor.section')}</Typography>
          {state ? <Chip size="small" color={state.enabled ? 'success' : 'default'} label={state.enabled ? t('auth.twoFactor.statusOn') : t('auth.twoFactor.statusOff')} /> : null}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>{t('auth.twoFactor.sectionBody')}</Typography>
        {error ? <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert> : null}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : pending ? (
          <>
            <EnrolPanel setup={pending} onConfirm={onConfirm} busy={enable.isPending} />
            <Button sx={{ mt: 1 }} onClick={() => setPending(null)}>{t('auth.twoFactor.cancel')}</Button>
          </>
        ) : proofFor ? (
          <Stack spacing={2}>
            <Typography variant="body2">{t('auth.twoFactor.proofHint')}</Typography>
            <TextField type="password" label={t('auth.twoFactor.proofLabel')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <Stack direction="row" spacing={1}>
              <Button variant="contained" disabled={!password} loading={disable.isPending || renew.isPending} onClick={onProof}>{t('auth.twoFactor.confirm')}</Button>
              <Button onClick={() => { setProofFor(null); setPassword(''); }}>{t('auth.twoFactor.cancel')}</Button>
            </Stack>
          </Stack>
        ) : state?.enabled ? (
          <Stack spacing={1.5}>
            <Typography variant="body2">{t('auth.twoFactor.codesLeft', { count: state.recoveryCodesLeft })}</Typography>
            {state.required ? <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('auth.twoFactor.requiredByOwner')}</Typography> : null}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => setProofFor('codes')}>{t('auth.twoFactor.newCodes')}</Button>
              {!state.required ? <Button color="error" onClick={() => setProofFor('disable')}>{t('auth.twoFactor.turnOff')}</Button> : null}
            </Stack>
          </Stack>
        ) : state ? (
          <Button variant="contained" loading={setup.isPending} onClick={onStart}>{t('auth.twoFactor.start')}</Button>
        ) : null}
        {isOwner && state ? (
          <Stack sx={{ mt: 3 }}>
            <FormControlLabel
              control={<Switch checked={state.required} disabled={policy.isPending} onChange={(e) => policy.mutate({ required: e.target.checked }, { onError: (err) => setError(displayError(t, err)) })} />}
              label={t('auth.twoFactor.requireLabel')}
            />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>{t('auth.twoFactor.requireHint')}</Typography>
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
};
