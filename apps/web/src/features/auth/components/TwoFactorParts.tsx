import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTwoFactorSetup } from '@bizdesk/contract';
import { Notice, SubmitButton, TextInput } from './Fields.tsx';

/**
 * Two-factor sign-in pieces shared by the login screen and the profile (plain elements, no MUI, so the login
 * route stays small): the code form, the enrolment (QR code, key to type, first code), the recovery codes.
 */
export const CodeForm = ({ onSubmit, busy, error, submitLabel, allowRecovery = false }: {
  onSubmit: (code: string) => void; busy: boolean; error?: string | null; submitLabel: string; allowRecovery?: boolean;
}) => {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!code.trim()) return setMissing(true);
    setMissing(false);
    onSubmit(code.trim());
  };
  return (
    <form className="bd-form" noValidate onSubmit={submit}>
      {error ? <Notice severity="error">{error}</Notice> : null}
      <TextInput
        label={t('auth.twoFactor.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode={allowRecovery ? 'text' : 'numeric'}
        autoFocus
        value={code}
        error={missing ? t('validation.required') : undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      {allowRecovery ? <p className="bd-auth__subtitle">{t('auth.twoFactor.recoveryHint')}</p> : null}
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
    </form>
  );
};

/** Scan the QR code or type the key, then confirm with the first code the app shows. */
export const EnrolPanel = ({ setup, onConfirm, busy, error }: { setup: TTwoFactorSetup; onConfirm: (code: string) => void; busy: boolean; error?: string | null }) => {
  const { t } = useTranslation();
  return (
    <div>
      <p>{t('auth.twoFactor.scan')}</p>
      <img src={setup.qrCode} alt={t('auth.twoFactor.qrAlt')} width={200} height={200} style={{ display: 'block', margin: '12px auto', background: '#fff' }} />
      <p>
        {t('auth.twoFactor.manualKey')}{' '}
        <code data-testid="two-factor-secret" style={{ wordBreak: 'break-all', userSelect: 'all' }}>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <CodeForm onSubmit={onConfirm} busy={busy} error={error} submitLabel={t('auth.twoFactor.turnOn')} />
    </div>
  );
};

/** The recovery codes, shown once: copy or download them, then go on. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('auth.twoFactor.fileTitle')}\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'bizdesk-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Notice severity="info">{t('auth.twoFactor.codesOnce')}</Notice>
      <ul data-testid="recovery-codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, listStyle: 'none', padding: 0 }}>
        {codes.map((c) => <li key={c}>{c}</li>)}
      </ul>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        <button type="button" className="bd-btn" onClick={() => void copy()}>{copied ? t('auth.twoFactor.copied') : t('auth.twoFactor.copy')}</button>
        <button type="button" className="bd-btn" onClick={download}>{t('auth.twoFactor.download')}</button>
      </div>
      <button type="button" className="bd-btn bd-btn--primary" onClick={onDone}>{t('auth.twoFactor.savedThem')}</button>
    </div>
  );
};
