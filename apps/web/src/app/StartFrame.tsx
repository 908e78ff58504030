import { getStoredToken } from '../shared/api/token.ts';
import { getStartNames, useSession, type TStartNames } from '../shared/session.ts';
import { PageHeader } from '../shared/ui/PageHeader.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Splash } from '../shared/ui/Splash.tsx';
import { prepareFormatsAfterPaint } from '../shared/format/prepareFormats.ts';
import { useGreeting } from '../features/dashboard/greeting.ts';

const Greeting = ({ user }: { user: TStartNames }) => {
  const { title, description } = useGreeting(user);
  return <PageHeader title={title} description={description} />;
};

/**
 * What the first load shows while the first screen's code downloads. A signed-in start at the dashboard paints the
 * main layout's frame (static CSS, the same classes MainLayout uses) and the dashboard's greeting, in the same
 * place and size as the dashboard's own: the page's largest text paints from the entry, not after MUI, the layout
 * and the dashboard have loaded and rendered. The greeting uses the names kept from the last read of this user
 * (`getStartNames`), so it is in the first render; the user's read replaces them (or, with none kept, brings
 * them). Elsewhere: the splash.
 */
export const StartFrame = () => (window.location.pathname === '/' && getStoredToken() ? <DashboardFrame /> : <Splash />);

const DashboardFrame = () => {
  const { t } = useTranslation();
  const { user } = useSession();
  const [startNames] = useState(getStartNames);
  const names = user ?? startNames;
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
        <div className="bd-main__inner">{names ? (
            <Greeting user={names} />
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
