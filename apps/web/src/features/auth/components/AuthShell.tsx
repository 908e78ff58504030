import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, changeLanguage, currentLanguage, isLanguage } from '../../../shared/i18n/index.ts';
import './auth.css';

type TProps = { title: string; subtitle?: string; children: ReactNode; wide?: boolean };

/** The frame of the account screens: brand panel on wide screens, the form card, a language choice. */
export const AuthShell = ({ title, subtitle, children, wide = false }: TProps) => {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="bd-auth">
      <aside className="bd-auth__brand" aria-label={t('common.appName')}>
        <Link to="/home" className="bd-auth__logo">
          <img src="/favicon.svg" alt="" />
          {t('common.appName')}
        </Link>
        <div style={{ position: 'relative', zIndex: 1 }}>
          <p className="bd-auth__tagline">{t('auth.brandTagline')}</p>
          <ul className="bd-auth__points">
            <li>{t('auth.brandPoints.people')}</li>
            <li>{t('auth.brandPoints.pay')}</li>
            <li>{t('auth.brandPoints.ops')}</li>
          </ul>
        </div>
        <div className="bd-auth__brand-foot">
          <span>{t('common.copyright', { year })}</span>
          <Link to="/terms">{t('common.terms')}</Link>
          <Link to="/privacy">{t('common.privacy')}</Link>
          <Link to="/training-modules">{t('common.help')}</Link>
        </div>
      </aside>
      <div className="bd-auth__main">
        <header className="bd-auth__bar">
          <Link to="/home" className="bd-auth__logo">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            {t('common.appName')}
          </Link>
          <label className="bd-auth__lang">
            <span>{t('common.language')}</span>
            <select
              value={currentLanguage()}
              onChange={(event) => {
                if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
              }}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </label>
        </header>
        <main className="bd-auth__center">
          <section className={`bd-auth__card${wide ? ' bd-auth__card--wide' : ''}`} aria-labelledby="auth-title">
            <h1 id="auth-title" className="bd-auth__title">
              {title}
            </h1>
            {subtitle ? <p className="bd-auth__subtitle">{subtitle}</p> : null}
            {children}
          </section>
        </main>
      </div>
    </div>
  );
};
