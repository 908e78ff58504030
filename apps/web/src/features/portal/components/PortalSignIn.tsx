import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import PinDropIcon from '@mui/icons-material/PinDrop';
import { MSG, ZCollectorSignIn, ZPortalSignIn } from '@bizdesk/contract';
import { displayError, translateMessage } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { PORTAL_KEY, signInToCollectionPoint, signInToPortal } from '../api.ts';
import { TransportError } from '../../../shared/api/errors.ts';
import { startCollectorSession, startPortalSession, type TPortalKind } from '../portalSession.ts';
import { fieldError } from '../../employees/validation.ts';

const codeInput = { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, style: { fontFamily: 'monospace', letterSpacing: '0.12em' } } as const;

export const pinInput = { autoComplete: 'off', inputMode: 'numeric', maxLength: 12, style: { letterSpacing: '0.2em' } } as const;

const EmployeeCodeForm = () => {
  const { t } = useTranslation('people');
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // The PIN field shows once the server says this code has one (an employee who chose a PIN signs in with both).
  const [needsPin, setNeedsPin] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZPortalSignIn>, unknown, z.output<typeof ZPortalSignIn>>({ resolver: zodResolver(ZPortalSignIn), defaultValues: { portalCode: '', pin: '' } });
  const onSubmit = handleSubmit(async ({ portalCode, pin }) => {
    setFormError(null);
    try {
      const { token, data } = await signInToPortal({ portalCode, ...(needsPin && pin ? { pin } : {}) });
      queryClient.removeQueries({ queryKey: PORTAL_KEY });
      startPortalSession(token, data);
      flash(translateMessage(t, MSG.portalSignedIn), 'success');
    } catch (error) {
      if (error instanceof TransportError && error.code === 'PIN_REQUIRED') {
        setNeedsPin(true);
        setTimeout(() => setFocus('pin'), 0);
        if (!needsPin) return;
      }
      setFormError(displayError(t, error));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('portal.tabs.employee')}>
      {formError ? (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      ) : null}
      <TextField label={t('portal.codeLabel')} autoFocus slotProps={{ htmlInput: codeInput }} {...register('portalCode')} error={!!errors.portalCode} helperText={fieldError(t, errors.portalCode?.message) ?? t('portal.codeHelp')} />
      {needsPin ? (
        <TextField label={t('portal.pin.label')} type="password" slotProps={{ htmlInput: pinInput }} {...register('pin')} error={!!errors.pin} helperText={fieldError(t, errors.pin?.message) ?? t('portal.pin.signInHelp')} />
      ) : null}
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} startIcon={<KeyIcon />}>
        {t('portal.signIn')}
      </Button>
    </Stack>
  );
};

const CollectorCodeForm = () => {
  const { t } = useTranslation('people');
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZCollectorSignIn>, unknown, z.output<typeof ZCollectorSignIn>>({ resolver: zodResolver(ZCollectorSignIn), defaultValues: { dataCode: '', employeeUniqueCode: '' } });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { token, data } = await signInToCollectionPoint(values);
      queryClient.removeQueries({ queryKey: PORTAL_KEY });
      startCollectorSession(token, data);
      flash(translateMessage(t, MSG.collectorSignedIn), 'success');
    } catch (error) {
      setFormError(displayError(t, error));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('portal.tabs.collector')}>
      {formError ? (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      ) : null}
      <TextField label={t('portal.dataCode')} autoFocus slotProps={{ htmlInput: codeInput }} {...register('dataCode')} error={!!errors.dataCode} helperText={fieldError(t, errors.dataCode?.message) ?? t('portal.dataCodeHelp')} />
      <TextField label={t('portal.employeeCode')} slotProps={{ htmlInput: codeInput }} {...register('employeeUniqueCode')} error={!!errors.employeeUniqueCode} helperText={fieldError(t, errors.employeeUniqueCode?.message) ?? t('portal.employeeCodeHelp')} />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} startIcon={<PinDropIcon />}>
        {t('portal.collectorSignIn')}
      </Button>
    </Stack>
  );
};

/** Spec 01 §7 portal access: a portal code, or a collection point's data code with the employee's own code. */
export const PortalSignIn = ({ expired }: { expired: TPortalKind | null }) => {
  const { t } = useTranslation('people');
  const [tab, setTab] = useState<TPortalKind>(expired ?? 'portal');
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto' }}>
      <Stack spacing={1} sx={{ textAlign: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1">
          {t('portal.title')}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary' }}>
          {t('portal.description')}
        </Typography>
      </Stack>
      <Card>
        <Tabs value={tab} onChange={(_e, value: TPortalKind) => setTab(value)} variant="fullWidth" aria-label={t('portal.title')}>
          <Tab value="portal" label={t('portal.tabs.employee')} id="portal-tab-portal" aria-controls="portal-panel-portal" />
          <Tab value="collector" label={t('portal.tabs.collector')} id="portal-tab-collector" aria-controls="portal-panel-collector" />
        </Tabs>
        <Box role="tabpanel" id={`portal-panel-${tab}`} aria-labelledby={`portal-tab-${tab}`} sx={{ p: 3 }}>
          {expired ? (
            <Alert severity="info" sx={{ mb: 2.5 }}>
              {t('portal.sessionEnded')}
            </Alert>
          ) : null}
          {tab === 'portal' ? <EmployeeCodeForm /> : <CollectorCodeForm />}
        </Box>
      </Card>
      <Stack spacing={0.5} sx={{ mt: 2, textAlign: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('portal.noCode')}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('portal.privacy')}
        </Typography>
      </Stack>
    </Box>
  );
};
