import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import { MSG, ZPortalPin, type TPortalSession } from '@bizdesk/contract';
import { displayError, translateMessage } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { fieldError } from '../../employees/validation.ts';
import { setPortalPin } from '../api.ts';
import { endPortalSession, startPortalSession } from '../portalSession.ts';
import { pinInput } from './PortalSignIn.tsx';

const SAME = 'must be the same PIN twice';
const ZChoosePin = z.object({ pin: ZPortalPin, repeat: z.string() }).refine((v) => v.pin === v.repeat, { message: SAME, path: ['repeat'] });
const ZChangePin = z.object({ currentPin: z.string().trim().min(1, 'is required'), pin: ZPortalPin, repeat: z.string() })
  .refine((v) => v.pin === v.repeat, { message: SAME, path: ['repeat'] });

type TPinFields = { currentPin?: string; pin: string; repeat: string };

/** The PIN fields shared by the first choice and the change; `withCurrent` adds the current PIN. */
const usePinForm = (token: string, session: TPortalSession, withCurrent: boolean, onDone: () => void) => {
  const { t } = useTranslation('people');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TPinFields>({ resolver: zodResolver(withCurrent ? ZChangePin : ZChoosePin) as never, defaultValues: { currentPin: '', pin: '', repeat: '' } });
  const onSubmit = form.handleSubmit(async ({ currentPin, pin }) => {
    setFormError(null);
    try {
      const next = await setPortalPin(token, { pin, ...(withCurrent ? { currentPin } : {}) });
      startPortalSession(next, { ...session, pinSet: true });
      flash(translateMessage(t, MSG.portalPinSet), 'success');
      onDone();
    } catch (error) {
      setFormError(displayError(t, error));
    }
  });
  const { register, formState: { errors } } = form;
  const text = (key: keyof TPinFields) => (errors[key]?.message === SAME ? t('portal.pin.notSame') : fieldError(t, errors[key]?.message));
  const fields = (
    <>
      {formError ? <Alert severity="error" role="alert">{formError}</Alert> : null}
      {withCurrent ? (
        <TextField label={t('portal.pin.current')} type="password" autoFocus slotProps={{ htmlInput: pinInput }} {...register('currentPin')} error={!!errors.currentPin} helperText={text('currentPin')} />
      ) : null}
      <TextField label={t('portal.pin.new')} type="password" autoFocus={!withCurrent} slotProps={{ htmlInput: pinInput }} {...register('pin')} error={!!errors.pin} helperText={text('pin') ?? t('portal.pin.rules')} />
      <TextField label={t('portal.pin.repeat')} type="password" slotProps={{ htmlInput: pinInput }} {...register('repeat')} error={!!errors.repeat} helperText={text('repeat')} />
    </>
  );
  return { onSubmit, fields, isSubmitting: form.formState.isSubmitting };
};

/**
 * The first sign-in with a code HR handed out: the employee chooses a PIN before anything else opens, so whoever
 * else saw the code cannot sign in as them afterwards (the server allows this session nothing but the PIN).
 */
export const ChoosePin = ({ token, session }: { token: string; session: TPortalSession }) => {
  const { t } = useTranslation('people');
  const { onSubmit, fields, isSubmitting } = usePinForm(token, session, false, () => undefined);
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto' }} data-testid="portal-choose-pin">
      <Card>
        <CardContent>
          <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('portal.pin.chooseTitle')}>
            <Typography variant="h5" component="h1">{t('portal.pin.chooseTitle')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('portal.pin.chooseBody', { name: session.employee.firstName })}</Typography>
            {fields}
            <Button type="submit" variant="contained" size="large" loading={isSubmitting} startIcon={<LockIcon />}>{t('portal.pin.choose')}</Button>
            <Button variant="text" onClick={() => endPortalSession('portal')}>{t('common.signOut')}</Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};

/** Changing the PIN from the portal: the current PIN is needed; other sessions of the employee end. */
export const ChangePinDialog = ({ open, onClose, token, session }: { open: boolean; onClose: () => void; token: string; session: TPortalSession }) => {
  const { t } = useTranslation('people');
  const { onSubmit, fields, isSubmitting } = usePinForm(token, session, true, onClose);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle>{t('portal.pin.changeTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>{fields}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>{t('portal.pin.change')}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
