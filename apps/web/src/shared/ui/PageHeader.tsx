import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './frame.css';

/** Sets the browser tab's title to the screen's. */
export const useDocumentTitle = (title: string) => {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} · ${t('common.appName')}` : t('common.appName');
  }, [title, t]);
};

type TProps = { title: string; description?: ReactNode; actions?: ReactNode; eyebrow?: ReactNode };

/**
 * A screen's title, description and actions. Plain elements and static CSS (frame.css): the signed-in start paints
 * the dashboard's header before MUI has loaded (app/StartFrame.tsx), and every screen's first commit is lighter.
 */
export const PageHeader = ({ title, description, actions, eyebrow }: TProps) => {
  useDocumentTitle(title);
  return (
    <div className="bd-page-header">
      <div className="bd-page-header__text">
        {eyebrow ? <div className="bd-page-header__eyebrow">{eyebrow}</div> : null}
        <h1 className={description ? 'bd-page-title bd-page-title--described' : 'bd-page-title'}>{title}</h1>
        {description ? <p className="bd-page-description">{description}</p> : null}
      </div>
      {actions ? <div className="bd-page-header__actions">{actions}</div> : null}
    </div>
  );
};
