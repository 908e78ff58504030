import { getStoredToken } from '../shared/api/token.ts';
import { useSession } from '../shared/session.ts';
import { PageHeader } from '../shared/ui/PageHeader.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Splash } from '../shared/ui/Splash.tsx';
import { prepareFormatsAfterPaint } from '../shared/format/prepareFormats.ts';
import { useGreeting } from '../features/dashboard/greeting.ts';
import type { TUser } from '@bizdesk/contract';

const Greeting = ({ user }: { user: TUser }) => {
  const { title, description } = useGreeting(user);
  return <PageHeader title={title} description={description} />;
};

/**
 * What the first load shows while the first screen's code downloads. A signed-in start at the dashboard paints the
 * main layout's frame (static CSS, the same classes MainLayout uses) and, as soon as the user is read, the
 * dashboard's greeting, in the same place and size as the dashboard's own: the page's largest text paints from
 * the entry, not after MUI, the layout and the dashboard have loaded and rendered. Elsewhere: the splash.
 */
export const StartFrame = () => (window.location.pathname === '/' && getStoredToken() ? <DashboardFrame /> : <Splash />);

const DashboardFrame = () => {
  const { t } = useTranslation();
  const { user } = useSession();
  // The locale data the dashboard formats with is set up while the user is read (one long task, done before the
  // greeting paints rather than inside the dashboard's first render).
  useEffect(prepareFormatsAfterPaint, []);
  return (
    <div className="bd-layout">
      <div className="bd-nav-panel" />
      <header className="bd-topbar">
        <div className="bd-topbar__row" />
      </header>
      <main className="bd-main">
        <div className="bd-main__inner">{user ? (
            <Greeting user={user} />
          ) : (
            // No logo or spinner: the frame is the loading state, and the greeting is the first text to paint.
            <span className="bd-visually-hidden" role="status">
              {t('common.loading')}
            </span>
          )}</div>
      </main>
    </div>
  );
};
