import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type TFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; aside?: ReactNode };

/** A labelled input with its error under it, wired for screen readers. */
export const TextInput = forwardRef<HTMLInputElement, TFieldProps>(({ label, error, aside, id, ...input }, ref) => {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="bd-field">
      <div className="bd-field__label-row">
        <label htmlFor={inputId}>{label}</label>
        {aside}
      </div>
      <div className="bd-field__control">
        <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      </div>
      {error ? (
        <p id={errorId} className="bd-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
TextInput.displayName = 'TextInput';

const EyeIcon = ({ open }: { open: boolean }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    {open ? (
      <path
        fill="currentColor"
        d="M12 4.5C7 4.5 2.7 7.6 1 12c1.7 4.4 6 7.5 11 7.5s9.3-3.1 11-7.5c-1.7-4.4-6-7.5-11-7.5zM12 17a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"
      />
    ) : (
      <path
        fill="currentColor"
        d="M12 7a5 5 0 0 1 5 5c0 .65-.13 1.26-.36 1.83l2.92 2.92A11.8 11.8 0 0 0 23 12c-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7zM2 4.27l2.28 2.28.46.46A11.8 11.8 0 0 0 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3 2 4.27zM7.53 9.8l1.55 1.55A2.8 2.8 0 0 0 9 12a3 3 0 0 0 3 3c.22 0 .44-.03.65-.08l1.55 1.55A5 5 0 0 1 7.53 9.8zm4.31-.78 3.15 3.15.02-.16a3 3 0 0 0-3-3l-.17.01z"
      />
    )}
  </svg>
);

/** A password input with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, TFieldProps>(({ label, error, aside, id, ...input }, ref) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="bd-field">
      <div className="bd-field__label-row">
        <label htmlFor={inputId}>{label}</label>
        {aside}
      </div>
      <div className="bd-field__control bd-field__control--password">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <button
          type="button"
          className="bd-field__toggle"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
      {error ? (
        <p id={errorId} className="bd-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
PasswordInput.displayName = 'PasswordInput';

export const SubmitButton = ({ busy, children }: { busy: boolean; children: ReactNode }) => (
  <button type="submit" className="bd-btn bd-btn--primary" disabled={busy} aria-busy={busy || undefined}>
    {busy ? <span className="bd-spinner" aria-hidden="true" /> : null}
    {children}
  </button>
);

export const Notice = ({ severity, children }: { severity: 'error' | 'success' | 'info'; children: ReactNode }) => (
  <div className={`bd-notice bd-notice--${severity}`} role={severity === 'error' ? 'alert' : 'status'}>
    {children}
  </div>
);
