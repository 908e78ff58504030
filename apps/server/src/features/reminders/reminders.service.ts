import { REMINDER_WINDOW_DAYS, type TNotifyInput, type TReminder, type TReminderKind } from '@bizdesk/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TDeps } from '../../platform/deps.ts';
import { hasRole, type TUserAuth } from '../../platform/auth/guard.ts';
import type { TRole } from '@bizdesk/contract';
import type { TNotify } from '../notifications/notifications.service.ts';
import { addDays, localDate } from '../../platform/local-time.ts';
import * as repo from './reminders.repo.ts';

/** One thing coming up, as a source pushes it: which record (`key`, unique within the source), what, when, whose. */
export type TDueItem = {
  key: string; kind: TReminderKind; date: string; employeeId: string | null; name: string; detail: string | null;
  /** The record to open; the employee's when absent. */
  link?: { screen: 'employee' | 'truck'; id: string };
};
/**
 * A feature that has due items (employees: probation, contract, birthdays, anniversaries; documents: expiry; later
 * fleet documents). `items` answers the items dated from..to (inclusive, YYYY-MM-DD) of one business.
 */
export type TReminderSource = {
  name: string; items: (db: DbOrTx, businessId: string, from: string, to: string) => Promise<TDueItem[]>;
  /** Who reads the source's items on the card (the owner always); HR-access when absent. Fleet: Inventory/Procurement. */
  roles?: TRole[];
  /** The notifications' subject (who is told); 'people' when absent. */
  subject?: 'people' | 'inventory';
};

/** How many days ahead each kind is announced as a notification (the dashboard card always shows the next 30 days). */
export const NOTICE_DAYS: Record<TReminderKind, number> = {
  'probation-end': 14, 'contract-end': 30, 'document-expiry': 30, birthday: 1, 'work-anniversary': 1,
  'service-due': 14, 'insurance-expiry': 30, 'roadworthiness-expiry': 30, 'hackney-permit-expiry': 30, 'licence-expiry': 30,
};
const NOTICE_HORIZON = Math.max(...Object.values(NOTICE_DAYS));

const TITLES: Record<TReminderKind, string> = {
  'probation-end': 'Probation ends', 'contract-end': 'Contract ends', 'document-expiry': 'Document expires', birthday: 'Birthday', 'work-anniversary': 'Work anniversary',
  'service-due': 'Service due', 'insurance-expiry': 'Insurance expires', 'roadworthiness-expiry': 'Roadworthiness expires',
  'hackney-permit-expiry': 'Hackney permit expires', 'licence-expiry': "Driver's licence expires",
};
const sentence = (i: TDueItem) => {
  switch (i.kind) {
    case 'probation-end': return `${i.name}'s probation ends on ${i.date}`;
    case 'contract-end': return `${i.name}'s contract ends on ${i.date}`;
    case 'document-expiry': return `${i.name}'s ${i.detail ?? 'document'} expires on ${i.date}`;
    case 'birthday': return `${i.name}'s birthday is on ${i.date}`;
    case 'work-anniversary': return `${i.name} marks ${i.detail ?? ''} of service on ${i.date}`.replace('  ', ' ');
    case 'service-due': return `Truck ${i.name} is due for service on ${i.date}`;
    case 'insurance-expiry': return `Truck ${i.name}'s insurance expires on ${i.date}`;
    case 'roadworthiness-expiry': return `Truck ${i.name}'s roadworthiness certificate expires on ${i.date}`;
    case 'hackney-permit-expiry': return `Truck ${i.name}'s hackney permit expires on ${i.date}`;
    case 'licence-expiry': return `The driver's licence for truck ${i.name} expires on ${i.date}`;
  }
};

/** Each key's params exactly (contract NOTIFICATION_TEXTS): the document's type, the years of service as `count`. */
const paramsOf = (i: TDueItem) => {
  if (i.kind === 'document-expiry') return { name: i.name, docType: i.detail ?? '', date: i.date };
  if (i.kind === 'work-anniversary') return { name: i.name, count: Number.parseInt(i.detail ?? '1', 10) || 1, date: i.date };
  return { name: i.name, date: i.date };
};

const dayDiff = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The ISO week (YYYY-Www) of a day: the digest's once-per-week key. */
export const isoWeek = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 3); // the week's Thursday names its year
  const jan4 = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round(((d.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
};

/**
 * HR reminders (issue 33 item 7): a small generic service. Features register sources; the dashboard card reads the
 * next 30 days; a daily task announces each item once (subject people: HR-access and the owner read it); a weekly
 * task sends one digest e-mail per business per ISO week through the mail outbox.
 */
export const createRemindersService = (deps: TDeps, opts: { notify: TNotify; now?: () => Date }) => {
  const { db, log, mailer } = deps;
  const now = opts.now ?? (() => new Date());
  const sources: TReminderSource[] = [];

  const collect = async (tx: DbOrTx, businessId: string, from: string, to: string, of: TReminderSource[] = sources): Promise<TReminder[]> => {
    const lists = await Promise.all(of.map(async (s) => (await s.items(tx, businessId, from, to)).map((i) => ({ ...i, source: s.name }))));
    return lists.flat()
      .filter((i) => i.date >= from && i.date <= to)
      .map((i) => ({
        source: i.source, key: i.key, kind: i.kind, date: i.date, daysLeft: dayDiff(from, i.date), employeeId: i.employeeId, name: i.name, detail: i.detail,
        link: i.link ?? { screen: 'employee' as const, id: i.employeeId ?? '' },
      }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  };

  return {
    register: (source: TReminderSource) => {
      sources.push(source);
    },

    /** The dashboard card: what comes up in the next `days` days (today included), soonest first. */
    upcoming: async (auth: TUserAuth, days = REMINDER_WINDOW_DAYS) => {
      const from = localDate(now(), auth.timeZone);
      const to = addDays(from, days);
      const readable = sources.filter((s) => (s.roles ?? ['HR-access']).some((r) => hasRole(auth, r)));
      return { from, to, reminders: await collect(db, auth.businessId, from, to, readable) };
    },

    /** The daily task: each item inside its kind's notice days is announced once, as a notification to HR. */
    notifyDue: async () => {
      let sent = 0;
      for (const b of await repo.findBusinesses(db)) {
        try {
          const today = localDate(now(), b.timeZone);
          await db.transaction(async (tx) => {
            for (const i of await collect(tx, b.id, today, addDays(today, NOTICE_HORIZON))) {
              const source = sources.find((s) => s.name === i.source);
              if (i.daysLeft > NOTICE_DAYS[i.kind]) continue;
              if (!await repo.claimNotice(tx, { businessId: b.id, source: i.source, itemKey: `${i.kind}:${i.key}`, dueDate: i.date })) continue;
              await opts.notify(tx, b.id, {
                category: source?.subject === 'inventory' ? 'Fleet' : 'HR', subject: source?.subject ?? 'people', actionType: TITLES[i.kind], message: sentence(i),
                messageKey: `reminders.${i.kind}`, params: paramsOf(i),
                link: i.employeeId ? { screen: 'employee', id: i.employeeId } : null,
              } as TNotifyInput);
              sent += 1;
            }
          });
        } catch (err) {
          log.warn({ err, businessId: b.id }, 'HR reminders of a business failed');
        }
      }
      if (sent > 0) log.info({ sent }, 'HR reminders announced');
      return sent;
    },

    /** The weekly task: one digest per business per ISO week (claimed first, so never twice), to its HR users. */
    sendDigests: async () => {
      let sent = 0;
      for (const b of await repo.findBusinesses(db)) {
        try {
          const today = localDate(now(), b.timeZone);
          const items = await collect(db, b.id, today, addDays(today, REMINDER_WINDOW_DAYS));
          if (items.length === 0) continue;
          const recipients = await repo.findHrRecipients(db, b.id);
          if (recipients.length === 0) continue;
          if (!await repo.claimDigest(db, { businessId: b.id, week: isoWeek(today), items: items.length })) continue;
          const lines = items.map((i) => `- ${i.date}: ${sentence(i)}`);
          await mailer.send({
            businessId: b.id, to: recipients.map((r) => r.email).join(', '),
            subject: `${b.name}: HR reminders for the next ${REMINDER_WINDOW_DAYS} days (${items.length})`,
            text: `HR reminders for ${b.name}, ${today} to ${addDays(today, REMINDER_WINDOW_DAYS)}:\n\n${lines.join('\n')}\n\nOpen the dashboard in Bizdesk for the records.\n`,
          });
          sent += 1;
        } catch (err) {
          log.warn({ err, businessId: b.id }, 'HR reminder digest of a business failed');
        }
      }
      if (sent > 0) log.info({ sent }, 'HR reminder digests sent');
      return sent;
    },
  };
};
export type TRemindersService = ReturnType<typeof createRemindersService>;
