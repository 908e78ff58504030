import { formatLongDate } from '../../../shared/format/dates.ts';
import { memo, Suspense, useCallback, useDeferredValue, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { TUser } from '@bizdesk/contract';
import { useTranslation } from 'react-i18next';
import { usePrefetchQuery } from '@tanstack/react-query';
import {
  ApartmentIcon,
  BadgeIcon,
  GroupIcon,
  NotificationsActiveIcon,
  NotificationsNoneIcon,
  PinDropIcon,
} from '../../../shared/ui/icons/startIcons.ts';
import { lazyPart } from '../../../shared/ui/lazyPart.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { canAccessPath, canChangeLogo } from '../../../shared/access.ts';
import { formatNumber } from '../../../shared/format/dates.ts';
import { NAV_ENTRIES } from '../../../app/layout/navConfig.ts';
import { dashboardFiguresQuery, useDashboardSummary } from '../api.ts';
import { useUserData } from '../../users/api.ts';
import { useEmployeeCount } from '../../employees/api.ts';
import { useNotificationActions, useNotifications } from '../../notifications/api.ts';
import { countUnread, type TNotice } from '../../notifications/model.ts';
import { NotificationItem } from '../../notifications/components/NotificationItem.tsx';
import { countByDay } from '../activity.ts';
import { useGreeting } from '../greeting.ts';
import { useNearViewport } from '../../../shared/ui/useNearViewport.ts';
import { useAfterFirstPaint } from '../../../shared/ui/useAfterFirstPaint.ts';
import { GettingStarted, type TSetupStep } from '../components/GettingStarted.tsx';
import { ModuleFigures } from '../components/ModuleFigures.tsx';
import { RemindersCard } from '../components/RemindersCard.tsx';
import '../dashboard.css';

// The chart library is large: the figures render first and the chart follows (with MUI's theme, which it reads).
const ActivityChart = lazyPart(() => import('../components/ActivityChart.tsx').then((m) => m.ActivityChart));

/**
 * The areas the user may open. Its own memoised part: it depends on the roles only, so the dashboard's queries
 * answering one after another (each a synchronous render) do not rebuild its cards each time.
 */
const AreasCard = memo(({ roles }: { roles: TUser['roles'] }) => {
  const { t } = useTranslation('app');
  const areas = NAV_ENTRIES.filter((entry) => entry.path !== '/' && canAccessPath(roles, entry.path));
  // Below the fold on a phone: its cards are built right after the top of the dashboard has painted.
  const ready = useAfterFirstPaint();
  return (
    <div className="bd-card bd-card--fill">
      <div className="bd-dash-content bd-dash-content--tight">
        <h2 className="bd-dash-title">{t('dashboard.areas.title')}</h2>
        <p className="bd-dash-text">{t('dashboard.areas.subtitle')}</p>
      </div>
      {!ready ? null : areas.length ? (
        <div className="bd-dash-areas">
          {areas.map(({ key, path, Icon }) => (
            <RouterLink key={key} to={path} className="bd-card__action bd-dash-area">
              <span className="bd-dash-area__icon" aria-hidden="true">
                <Icon fontSize="small" />
              </span>
              <span className="bd-dash-area__text">
                <span className="bd-dash-area__name">{t(`nav.${key}`)}</span>
                <span className="bd-dash-area__about">{t(`dashboard.areas.${key}`)}</span>
              </span>
            </RouterLink>
          ))}
        </div>
      ) : (
        <div className="bd-dash-content">
          <p className="bd-dash-text bd-dash-text--spaced">{t('dashboard.areas.none')}</p>
          <RouterLink to="/profile" className="bd-btn bd-btn--outlined">
            {t('account.profile')}
          </RouterLink>
        </div>
      )}
    </div>
  );
});
AreasCard.displayName = 'AreasCard';

/**
 * The rest of the page once what is above it has painted: the dashboard is built in stages (greeting, figures,
 * module figures, activity and set-up, recent and areas), each a transition after the previous commit, so no
 * commit, layout or effects pass is long enough to hold up the browser (a phone's first load stays responsive).
 * Everything still renders at once for screen readers and search once the stages have run, a few frames later.
 */
const Stage = ({ children }: { children: ReactNode }) => (useAfterFirstPaint() ? children : null);

/** Notifications per day this week: the chart (and its library) loads when it nears the screen. */
const ActivityCard = memo(({ notices, loading }: { notices: readonly TNotice[]; loading: boolean }) => {
  const { t, i18n } = useTranslation('app');
  const language = i18n.language;
  const [chartRef, chartNear] = useNearViewport<HTMLSpanElement>();
  const activity = useMemo(() => countByDay(notices, language), [notices, language]);
  const weekTotal = activity.reduce((sum, d) => sum + d.count, 0);
  return (
    <div className="bd-card bd-card--fill">
      <div className="bd-dash-content">
        <div className="bd-dash-header">
          <h2 className="bd-dash-title">{t('dashboard.activity.title')}</h2>
          <p className="bd-dash-text">{t('dashboard.activity.subtitle', { count: weekTotal })}</p>
        </div>
        {/* Below the fold on a phone's first load. */}
        {loading || !chartNear ? (
          <span ref={chartRef} className="bd-skeleton bd-dash-block" />
        ) : (
          <Suspense fallback={<span className="bd-skeleton bd-dash-block" />}>
            <ActivityChart data={activity} />
          </Suspense>
        )}
      </div>
    </div>
  );
});
ActivityCard.displayName = 'ActivityCard';

type TAnswer<T> = { data: T | undefined; isLoading: boolean; isError: boolean };
type TViewProps = {
  summary: TAnswer<ReturnType<typeof useDashboardSummary>['data']>;
  accountData: TAnswer<ReturnType<typeof useUserData>['data']>;
  employees: TAnswer<ReturnType<typeof useEmployeeCount>['data']>;
  notifications: TAnswer<ReturnType<typeof useNotifications>['data']>;
};

/**
 * Each of the dashboard's queries answers on its own, and a query's answer is a synchronous (uninterruptible)
 * render of whoever reads it. So the page only reads the answers and passes them on deferred: the synchronous
 * render is this small component (the view below is memoised and sees the same props), and the view's own
 * render follows at transition priority, in slices the browser can interrupt.
 */
const useDeferredAnswer = <T,>(query: { data?: T; isLoading: boolean; isError: boolean }) => {
  const data = useDeferredValue(query.data);
  const isLoading = useDeferredValue(query.isLoading);
  const isError = useDeferredValue(query.isError);
  return useMemo((): TAnswer<T> => ({ data, isLoading, isError }), [data, isLoading, isError]);
};

/** Spec 01 §2 index of the main layout: real figures from what the business has recorded. */
export const DashboardPage = () => {
  const user = useCurrentUser();
  const canHr = canAccessPath(user.roles, '/employee');
  const summary = useDashboardSummary();
  // Until /dashboard/summary answers (older servers), count from the account data instead.
  const accountData = useUserData(user._id, summary.isError);
  const employees = useEmployeeCount(user.ownerEmail, canHr);
  const notifications = useNotifications(user.ownerEmail);
  // The module figures render a stage later (below): their call starts now, with the others.
  usePrefetchQuery(dashboardFiguresQuery());
  return (
    <DashboardView
      summary={useDeferredAnswer(summary)}
      accountData={useDeferredAnswer(accountData)}
      employees={useDeferredAnswer(employees)}
      notifications={useDeferredAnswer(notifications)}
    />
  );
};

const DashboardView = memo(({ summary, accountData, employees, notifications }: TViewProps) => {
  const { t, i18n } = useTranslation('app');
  const user = useCurrentUser();
  const language = i18n.language;
  const canSettings = canAccessPath(user.roles, '/user');
  const canHr = canAccessPath(user.roles, '/employee');
  // Fleet reminders (issue 34): service due and expiring papers reach Inventory- and Procurement-access users too.
  const canFleet = canAccessPath(user.roles, '/inventory') || canAccessPath(user.roles, '/fleet-requisition');

  const notices = useMemo(() => notifications.data ?? [], [notifications.data]);
  // The recent list's items open their subject (issue 30) and are then read.
  const { markRead } = useNotificationActions(user.ownerEmail);
  const onOpenNotice = useCallback((notice: TNotice) => markRead(notice.id), [markRead]);
  const data =
    summary.data ??
    (accountData.data
      ? { users: accountData.data.users.length, departments: accountData.data.departments.length, collectionPoints: accountData.data.collectionPoints.length }
      : undefined);
  const countsLoading = summary.isLoading || accountData.isLoading;
  const countsFailed = summary.isError && accountData.isError;
  const number = (value: number | undefined) => (value === undefined ? '—' : formatNumber(value, language));

  // Only the steps this user can take (issue 10): a one-role user is not shown the owner's set-up tasks.
  const steps: TSetupStep[] = [
    { key: 'confirmEmail', done: user.emailConfirmed },
    ...(canChangeLogo(user.roles) ? [{ key: 'logo' as const, done: !!user.imagePath, to: '/profile' }] : []),
    ...(canSettings
      ? [
          { key: 'departments' as const, done: (data?.departments ?? 0) > 0, to: '/user?tab=departments' },
          { key: 'team' as const, done: (data?.users ?? 0) > 1, to: '/user' },
          { key: 'points' as const, done: (data?.collectionPoints ?? 0) > 0, to: '/user?tab=points' },
        ]
      : []),
  ];

  const stats = [
    { key: 'users', Icon: GroupIcon, color: '#1d4ed8', value: data?.users, loading: countsLoading, show: !countsFailed, to: canSettings ? '/user' : undefined },
    { key: 'employees', Icon: BadgeIcon, color: '#047857', value: employees.data, loading: employees.isLoading, show: canHr && !employees.isError, to: '/employee' },
    { key: 'departments', Icon: ApartmentIcon, color: '#7c3aed', value: data?.departments, loading: countsLoading, show: !countsFailed, to: canSettings ? '/user?tab=departments' : undefined },
    { key: 'points', Icon: PinDropIcon, color: '#b45309', value: data?.collectionPoints, loading: countsLoading, show: !countsFailed, to: canSettings ? '/user?tab=points' : undefined },
    { key: 'unread', Icon: NotificationsActiveIcon, color: '#c62828', value: notifications.data ? countUnread(notices) : undefined, loading: notifications.isLoading, show: !notifications.isError, to: undefined },
  ].filter((stat) => stat.show);

  // The header the start frame painted (app/StartFrame.tsx), same text and size: it stays the page's largest paint.
  const greeting = useGreeting(user);
  // Today in the business's time zone (Africa/Lagos, Africa/Accra), not the browser's (issue 30).
  const today = formatLongDate(new Date(), language);

  return (
    <>
      <PageHeader
        title={greeting.title}
        description={greeting.description}
        actions={
          // Static CSS (shared/ui/frame.css), as MUI's outlined Chip drew it: no styles to insert in the first commit.
          <div className="bd-chip">
            <span className="bd-chip__label">{today}</span>
          </div>
        }
      />
      <Stage>
        {/* Static CSS (shared/ui/frame.css): the figures' grid and cards commit without inserting styles. */}
        <div className="bd-stats" style={{ '--bd-stat-columns': Math.min(stats.length, 5) } as CSSProperties} data-testid="dashboard-stats">
          {stats.map(({ key, Icon, color, value, loading, to }, index) => (
            // On two-column phones an odd last card takes the whole row.
            <div key={key} className={stats.length % 2 === 1 && index === stats.length - 1 ? 'bd-stats__wide' : undefined}>
              <StatCard label={t(`dashboard.stats.${key}.label`)} caption={t(`dashboard.stats.${key}.caption`)} value={number(value)} Icon={Icon} color={color} loading={loading} to={to} />
            </div>
          ))}
        </div>
        <Stage>
          <ModuleFigures />
          <Stage>
            {/* Static CSS (dashboard.css): MUI's Grid, spacing 3, 8 + 4 columns from md. */}
            <div className="bd-dash-row bd-dash-row--8-4 bd-dash-row--spaced">
              <ActivityCard notices={notices} loading={notifications.isLoading} />
              <GettingStarted steps={steps} />
            </div>
            {canHr || canFleet ? (
              <div className="bd-dash-section">
                <RemindersCard />
              </div>
            ) : null}
            <Stage>
              <div className="bd-dash-row bd-dash-row--5-7">
                <div>
                  <div className="bd-card bd-card--fill">
                    <div className="bd-dash-content bd-dash-content--tight">
                      <h2 className="bd-dash-title">{t('dashboard.recent.title')}</h2>
                    </div>
                    {notifications.isLoading ? (
                      <div className="bd-dash-lines">
                        <span className="bd-skeleton bd-dash-line" />
                        <span className="bd-skeleton bd-dash-line" />
                      </div>
                    ) : notices.length === 0 ? (
                      <EmptyState Icon={NotificationsNoneIcon} title={t('notifications.emptyTitle')} body={t('notifications.emptyBody')} compact />
                    ) : (
                      <ul className="bd-note-list">
                        {notices.slice(0, 5).map((notice) => (
                          <NotificationItem key={notice.id} notice={notice} onOpen={onOpenNotice} />
                        ))}
                      </ul>
                    )}
                  </div>
                </div>
                <AreasCard roles={user.roles} />
              </div>
            </Stage>
          </Stage>
        </Stage>
      </Stage>
    </>
  );
});
DashboardView.displayName = 'DashboardView';
