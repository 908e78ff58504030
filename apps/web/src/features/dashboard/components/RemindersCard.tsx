import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TReminder, TReminders } from '@bizdesk/contract';
import { apiData } from '../../../shared/api/client.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { detailPath } from '../../employees/paths.ts';

export const remindersQuery = () => ({
  queryKey: ['dashboard', 'reminders'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiData<TReminders>('/reminders', { signal, query: { days: 30 } }),
});

/** What is coming up: the kind, with the document's type or the years of service when known. */
const useWhat = () => {
  const { t } = useTranslation('app');
  return (r: TReminder) => {
    if (r.kind === 'document-expiry' && r.detail) {
      return t('dashboard.reminders.kinds.document-expiry-typed', { type: t(`dashboard.reminders.docTypes.${r.detail}`, { defaultValue: r.detail }) });
    }
    if (r.kind === 'work-anniversary' && r.detail) return t('dashboard.reminders.kinds.work-anniversary-years', { count: Number.parseInt(r.detail, 10) || 1 });
    return t(`dashboard.reminders.kinds.${r.kind}`);
  };
};

/**
 * HR reminders of the next 30 days (issue 33): probation and contract ends, expiring documents, birthdays and work
 * anniversaries, soonest first; each opens the employee's record. Shown to HR-access and the owner. Issue 34: the fleet's
 * service due and expiring papers too (each opens the truck page), for Inventory- and Procurement-access users.
 */
export const RemindersCard = () => {
  const { t, i18n } = useTranslation('app');
  const reminders = useQuery(remindersQuery());
  const what = useWhat();
  const items = reminders.data?.reminders ?? [];
  return (
    <section className="bd-card bd-card--fill" aria-labelledby="dash-reminders-title" data-testid="reminders-card">
      <div className="bd-dash-content bd-dash-content--tight">
        <h2 id="dash-reminders-title" className="bd-dash-title">{t('dashboard.reminders.title')}</h2>
        <p className="bd-dash-text">{t('dashboard.reminders.subtitle')}</p>
      </div>
      {reminders.isLoading ? (
        <div className="bd-dash-lines" aria-busy="true" aria-label={t('dashboard.reminders.loading')}>
          <span className="bd-skeleton bd-dash-line" />
          <span className="bd-skeleton bd-dash-line" />
        </div>
      ) : reminders.isError ? (
        <div className="bd-dash-content"><p className="bd-dash-text" role="alert">{t('dashboard.reminders.failed')}</p></div>
      ) : items.length === 0 ? (
        <div className="bd-dash-content"><p className="bd-dash-text">{t('dashboard.reminders.empty')}</p></div>
      ) : (
        <ul className="bd-dash-reminders">
          {items.slice(0, 8).map((r) => (
            <li key={`${r.source}:${r.kind}:${r.key}`}>
              <RouterLink to={r.link.screen === 'truck' ? `/fleet/${r.link.id}` : r.employeeId ? detailPath(r.employeeId) : '/employee'} className="bd-dash-step bd-dash-reminder">
                <span className="bd-dash-step__text">
                  {r.name}
                  <span className="bd-dash-reminder__what">{what(r)}</span>
                </span>
                <span className="bd-dash-reminder__when">
                  {formatDate(r.date, i18n.language)}
                  <br />
                  {r.daysLeft === 0 ? t('dashboard.reminders.today') : t('dashboard.reminders.inDays', { count: r.daysLeft })}
                </span>
              </RouterLink>
            </li>
          ))}
        </ul>
      )}
      {items.length > 8 ? <div className="bd-dash-content"><p className="bd-dash-text">{t('dashboard.reminders.more', { count: items.length - 8 })}</p></div> : null}
    </section>
  );
};
