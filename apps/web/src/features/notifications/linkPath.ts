import type { TNotificationLink } from '@bizdesk/contract';

const q = encodeURIComponent;
const MONTH = /^\d{4}-\d{2}$/;

/**
 * The route that opens a notification's subject (issue 30): the screen of `link.screen`, with the record `link.id`
 * opened there (a detail, a dialog or a tab, read from the query by the page). `ownerEmail` fills the routes that name
 * the business (/attendance/<owner e-mail>). Null for a link the web does not know (an older or newer server): the
 * notification then shows as text only.
 */
export const notificationPath = (link: TNotificationLink | null | undefined, ownerEmail = ''): string | null => {
  if (!link) return null;
  const id = link.id;
  const attendance = `/attendance/${q(ownerEmail)}`;
  switch (link.screen) {
    case 'employee':
    case 'employees':
      return id ? `/employee-detail?id=${q(id)}` : '/employee';
    case 'attendance':
      return ownerEmail ? (id ? `${attendance}?tab=history&employee=${q(id)}` : attendance) : null;
    case 'checkins':
      return ownerEmail ? `${attendance}?tab=review` : null;
    case 'leave':
      // Any unit (a name that is not a unit's id shows every unit's requests).
      return id ? `/leave/all?request=${q(id)}` : '/leave/all';
    case 'complaints':
      return id ? `/complaints?complaint=${q(id)}` : '/complaints';
    case 'appraisals':
      return '/appraisal-config';
    case 'payroll':
      // A run is named by its month (older notifications carry the run's id: the current month opens).
      return id && MONTH.test(id) ? `/salary?month=${id}` : '/salary';
    case 'approvals':
      return id ? `/approval?request=${q(id)}` : '/approval';
    case 'orders':
      return id ? `/manage-po?id=${q(id)}` : '/manage-po';
    case 'vendors':
      return '/products';
    case 'boqs':
      return id ? `/products?tab=boqs&contract=${q(id)}` : '/products?tab=boqs';
    case 'inventory':
      return id ? `/inventory?item=${q(id)}` : '/inventory';
    case 'blog':
      return '/blog';
    case 'remittances':
      // The period's remittances (YYYY-MM, or YYYY for ITF).
      return id && /^\d{4}(-\d{2})?$/.test(id) ? `/remittances?period=${q(id)}` : '/remittances';
    default:
      return null;
  }
};
