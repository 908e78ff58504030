import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZAcceptInvitation, type TInvitationPreview } from '@bizdesk/contract';
import { z } from 'zod';
import { AuthShell } from '../components/AuthShell.tsx';
import { Notice, PasswordInput, SubmitButton } from '../components/Fields.tsx';
import { acceptInvitation, fetchInvitation } from '../api.ts';
import { displayError, fieldErrorText, translateMessage } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';

const ZAcceptForm = ZAcceptInvitation.extend({ confirm: z.string() }).refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'mismatch' });
type TAcceptForm = z.infer<typeof ZAcceptForm>;

type TState = { kind: 'loading' } | { kind: 'ready'; invitation: TInvitationPreview } | { kind: 'failed'; text: string } | { kind: 'done'; text: string };

/** accept-invitation/{token} (issue 10): the invitee sees whom they join and chooses their own password. */
export const AcceptInvitationPage = () => {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TAcceptForm>({ resolver: zodResolver(ZAcceptForm), defaultValues: { password: '', confirm: '' } });

  useEffect(() => {
    let live = true;
    fetchInvitation(token).then(
      (invitation) => live && setState({ kind: 'ready', invitation }),
      (error: unknown) => live && setState({ kind: 'failed', text: displayError(t, error) }),
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const { signedIn, message } = await acceptInvitation(token, password);
      const text = message ? translateMessage(t, message) : t('msg.invitationAccepted');
      if (signedIn) {
        flash(text, 'success');
        await navigate('/', { replace: true });
      } else setState({ kind: 'done', text });
    } catch (error) {
      setFormError(displayError(t, error));
    }
  });

  if (state.kind === 'loading') {
    return (
      <AuthShell title={t('auth.invite.loading')}>
        <div className="bd-auth__status" role="status">
          <span className="bd-spinner" aria-hidden="true" />
          <span>{t('auth.invite.loading')}</span>
        </div>
      </AuthShell>
    );
  }
  if (state.kind !== 'ready') {
    return (
      <AuthShell title={state.kind === 'failed' ? t('auth.invite.failedTitle') : t('auth.invite.toLogin')}>
        <div className="bd-form">
          <Notice severity={state.kind === 'failed' ? 'error' : 'success'}>{state.text}</Notice>
          <Link className="bd-btn bd-btn--primary" to="/login">
            {t('auth.invite.toLogin')}
          </Link>
        </div>
      </AuthShell>
    );
  }

  const { invitation } = state;
  const confirmError = errors.confirm?.message === 'mismatch' ? t('auth.invite.mismatch') : fieldErrorText(t, errors.confirm?.message);
  return (
    <AuthShell title={t('auth.invite.title', { business: invitation.businessName })} subtitle={t('auth.invite.subtitle', { email: invitation.email })}>
      <form className="bd-form" noValidate onSubmit={onSubmit}>
        {formError ? <Notice severity="error">{formError}</Notice> : null}
        {/* The address, for password managers: the account is made for it and it cannot be changed here. */}
        <input type="email" name="email" autoComplete="username" value={invitation.email} readOnly hidden />
        <PasswordInput label={t('auth.invite.password')} autoComplete="new-password" autoFocus error={fieldErrorText(t, errors.password?.message)} {...register('password')} />
        <PasswordInput label={t('auth.invite.confirmPassword')} autoComplete="new-password" error={confirmError} {...register('confirm')} />
        <SubmitButton busy={isSubmitting}>{t('auth.invite.submit')}</SubmitButton>
      </form>
    </AuthShell>
  );
};
