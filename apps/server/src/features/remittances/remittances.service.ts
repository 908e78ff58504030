import { randomUUID } from 'node:crypto';
import {
  TRACKED_REMITTANCE_KINDS as REMITTANCE_KINDS, REMITTANCE_REMINDER_DAYS, ZRecordRemittance, type TRemittanceItem, type TTrackedRemittanceKind as TRemittanceKind, type TRemittanceList,
  type TRemittanceListQuery, type TRemittancePayment,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import { documentStoredType, nameForType, type TUpload } from '../../platform/http/uploads.ts';
import type { TNotify } from '../notifications/notifications.service.ts';
import type { TLeaveService } from '../leave/leave.service.ts';
import type { TPayrollServices } from '../payroll/payroll.services.ts';
import type { TStatutoryDue } from '../payroll/statutory/due.ts';
import { addDays, DUE_RULES, statusOf } from './due-dates.ts';
import * as repo from './remittances.repo.ts';
import { localDate } from '../../platform/local-time.ts';

/** How long after a due date the "now overdue" reminder may still go out, if the daily task missed the day itself. */
export const OVERDUE_REMINDER_GRACE_DAYS = 7;
/** The longest range the tracker lists at once. */
const MAX_MONTHS = 36;

type TBusiness = { businessId: string; country: string; timeZone: string };
type TPeers = {
  payroll: { statutory: Pick<TPayrollServices['statutory'], 'due'> };
  leave: Pick<TLeaveService, 'holidayDates'>;
  notify: TNotify;
  /** Withholding tax deducted from supplier payments in a month (issue 35, features/orders/withholding), per authority. */
  withholding?: { due: (businessId: string, country: string, period: string) => Promise<TWhtDue[]> };
};
/** One authority's withholding tax for a month, in the shape of payroll's statutory dues. */
export type TWhtDue = Omit<TStatutoryDue, 'kind'> & { kind: TRemittanceKind };

const KIND_ORDER = new Map<string, number>(REMITTANCE_KINDS.map((k, i) => [k, i]));
const monthAdd = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};
const monthsFrom = (from: string, to: string) => {
  const out: string[] = [];
  for (let m = from; m <= to; m = monthAdd(m, 1)) out.push(m);
  return out;
};
const lastDayOf = (month: string) => addDays(`${monthAdd(month, 1)}-01`, -1);
/** Minor units as major text for the English message, by integer arithmetic. */
const majorText = (minor: number) => `${Math.trunc(minor / 100).toLocaleString('en')}.${String(Math.abs(minor % 100)).padStart(2, '0')}`;
const keyOf = (kind: string, payee: string, period: string) => `${kind}|${payee}|${period}`;

/**
 * The remittance tracker (issue 31 item 5): what each authority is owed for a period (payroll's statutory figures from
 * the approved run), by when (due-dates.ts), what was paid against it with the proof, and reminders before and on the
 * day it falls overdue. A payment is never edited: a mistake is voided with a reason and recorded again.
 * `now` lets a test fix "today" (the business's time zone decides the date).
 */
export const createRemittancesService = (deps: TDeps, peers: TPeers, opts: { now?: () => Date } = {}) => {
  const { db, storage, log } = deps;
  const now = opts.now ?? (() => new Date());
  const todayOf = (timeZone: string) => localDate(now(), timeZone);
  /** Payroll's statutory dues and, for a month, the withholding tax taken from supplier payments. */
  const dueOf = async (businessId: string, country: string, period: string): Promise<TWhtDue[]> => [
    ...await peers.payroll.statutory.due(businessId, country, period),
    ...(peers.withholding && /^\d{4}-\d{2}$/.test(period) ? await peers.withholding.due(businessId, country, period) : []),
  ];

  /** Every (kind, payee, period) due in the months, with its due date and the payments against it. */
  const itemsFor = async (b: TBusiness, months: string[], today: string): Promise<TRemittanceItem[]> => {
    const years = [...new Set(months.map((m) => m.slice(0, 4)))];
    const periods = [...months, ...years];
    const dues = (await Promise.all(periods.map((p) => dueOf(b.businessId, b.country, p)))).flat();
    const payments = new Map<string, repo.TPaymentRow[]>();
    for (const p of await repo.findPayments(db, b.businessId, periods)) {
      const k = keyOf(p.kind, p.payee, p.period);
      payments.set(k, [...(payments.get(k) ?? []), p]);
    }
    // The day salaries were paid: the run's paid date, or (not marked paid) its approval date, else the month's last day.
    const salaries = (d: TWhtDue) => {
      const approvedAt = (d as TStatutoryDue & { approvedAt?: string | null }).approvedAt ?? null;
      if (d.paidAt) return { on: localDate(new Date(d.paidAt), b.timeZone), basis: 'salaries-paid' as const };
      return { on: approvedAt ? localDate(new Date(approvedAt), b.timeZone) : lastDayOf(d.period.slice(0, 7)), basis: 'approval' as const };
    };
    const countsWorkingDays = dues.some((d) => d.kind === 'ng-pension');
    const holidays = countsWorkingDays
      ? await peers.leave.holidayDates(b, [...new Set(dues.flatMap((d) => { const y = Number(salaries(d).on.slice(0, 4)); return [y, y + 1]; }))])
      : new Set<string>();
    const items: TRemittanceItem[] = [];
    for (const d of dues) {
      const rule = DUE_RULES[d.kind];
      if (!rule) continue;
      const mine = (payments.get(keyOf(d.kind, d.payee, d.period)) ?? []).map(repo.toPayment);
      if (d.amountMinor <= 0 && mine.length === 0) continue;
      const s = salaries(d);
      const due = rule.dueOf({ period: d.period, salariesPaidOn: s.on, salariesBasis: s.basis, holidays });
      const paidMinor = mine.filter((p) => !p.voided).reduce((sum, p) => sum + p.amountMinor, 0);
      items.push({
        kind: d.kind, payee: d.payee, period: d.period, amountDueMinor: d.amountMinor, employees: d.employees, missing: d.missing,
        dueDate: due.date, dueBasis: due.basis, paidMinor, outstandingMinor: Math.max(0, d.amountMinor - paidMinor),
        status: statusOf(d.amountMinor, paidMinor, today, due.date), payments: mine,
      });
    }
    return items.sort((a, b2) => b2.period.slice(0, 7).localeCompare(a.period.slice(0, 7)) || (KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b2.kind)!) || a.payee.localeCompare(b2.payee));
  };

  const totalsOf = (items: TRemittanceItem[]) => {
    const open = items.filter((i) => i.outstandingMinor > 0);
    const overdue = open.filter((i) => i.status === 'overdue');
    const due = open.filter((i) => i.status !== 'overdue');
    const sum = (list: TRemittanceItem[]) => list.reduce((s, i) => s + i.outstandingMinor, 0);
    return { dueCount: due.length, dueMinor: sum(due), overdueCount: overdue.length, overdueMinor: sum(overdue) };
  };

  const list = async (auth: TUserAuth, query: TRemittanceListQuery = {}): Promise<TRemittanceList> => {
    const today = todayOf(auth.timeZone);
    const to = query.to ?? today.slice(0, 7);
    const from = query.from ?? monthAdd(to, -11);
    if (from > to) throw badRequest(`from: ${from} is after to (${to})`);
    if (monthsFrom(from, to).length > MAX_MONTHS) throw badRequest(`from: list at most ${MAX_MONTHS} months at once`);
    const items = await itemsFor(auth, monthsFrom(from, to), today);
    return { from, to, today, items: query.status ? items.filter((i) => i.status === query.status) : items, totals: totalsOf(items) };
  };

  const paymentOr404 = async (businessId: string, id: string) => {
    const row = await repo.findPayment(db, businessId, id);
    if (!row) throw notFound('Payment');
    return row;
  };

  return {
    list,

    /** The dashboard's figures: what is due (not yet overdue) and what is overdue, counts and outstanding amounts. */
    dashboard: async (auth: TUserAuth) => (await list(auth)).totals,

    /** Records a payment against what an approved run made due, with its optional receipt (already checked by type and size). */
    record: async (auth: TUserAuth, fields: Record<string, string>, file: Omit<TUpload, 'fields'> | null): Promise<TRemittancePayment> => {
      const parsed = ZRecordRemittance.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badRequest(`${issue.path.join('.') || 'form'}: ${issue.message}`);
      }
      const input = parsed.data;
      const today = todayOf(auth.timeZone);
      if (input.paidOn > today) throw badRequest(`paidOn: ${input.paidOn} is in the future; today is ${today}`);
      const amountMinor = majorToMinor(input.amount, 'amount', { isPositive: true });
      const dues = await dueOf(auth.businessId, auth.country, input.period);
      if (dues.length === 0) throw conflict(`period: nothing is due for ${input.period}: amounts are due once its payroll run is approved`);
      if (!dues.some((d) => d.kind === input.kind && d.payee === input.payee)) {
        throw badRequest(`kind: ${input.kind}${input.payee ? ` (${input.payee})` : ''} is not due for ${input.period}`);
      }
      let stored: { key: string; name: string; mime: string } | null = null;
      if (file) {
        const type = documentStoredType(file);
        stored = { key: `${auth.businessId}/${randomUUID()}.${type.ext}`, name: nameForType(file.originalName, type.ext, 'receipt'), mime: type.mime };
        await storage.put(stored.key, file.buffer, stored.mime);
      }
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.createPayment(tx, {
            businessId: auth.businessId, kind: input.kind, payee: input.payee, period: input.period, amount: amountMinor, reference: input.reference,
            paidOn: input.paidOn, note: input.note || null, receiptPath: stored?.key ?? null, receiptName: stored?.name ?? null,
            receiptMime: stored?.mime ?? null, recordedById: auth.userId,
          });
          const payment = repo.toPayment((await repo.findPayment(tx, auth.businessId, row.id))!);
          await audit(tx, auth, 'remittance.recorded', { entity: 'remittance', entityId: row.id, after: { kind: input.kind, payee: input.payee, period: input.period, ...payment } });
          return payment;
        });
      } catch (err) {
        if (stored) await storage.delete(stored.key).catch(() => undefined);
        throw err;
      }
    },

    /** Voids a payment with its reason: it stays listed (struck through) and no longer counts as paid. */
    void: async (auth: TUserAuth, id: string, reason: string): Promise<TRemittancePayment> =>
      db.transaction(async (tx) => {
        const before = repo.toPayment(await paymentOr404(auth.businessId, id));
        if (before.voided) throw conflict('This payment was already voided');
        if (!await repo.voidPayment(tx, auth.businessId, id, auth.userId, reason)) throw conflict('This payment was already voided');
        const after = repo.toPayment((await repo.findPayment(tx, auth.businessId, id))!);
        await audit(tx, auth, 'remittance.voided', { entity: 'remittance', entityId: id, before, after });
        return after;
      }),

    receipt: async (auth: TUserAuth, id: string) => {
      const row = await paymentOr404(auth.businessId, id);
      const file = row.receiptPath ? await storage.get(row.receiptPath) : null;
      if (!row.receiptPath || !file) throw notFound('Receipt');
      return { body: file.body, mime: row.receiptMime ?? file.contentType, name: row.receiptName ?? 'receipt' };
    },

    /**
     * The daily task: a reminder REMITTANCE_REMINDER_DAYS before each due date and one on the day it becomes overdue
     * (or within the grace days, if the task missed that day), to Accounts-access (subject pay), for what is not paid in
     * full. Each reminder is claimed by its primary key first, so it goes out once however many instances run the task.
     */
    sendReminders: async () => {
      const since = monthAdd(localDate(now(), 'UTC').slice(0, 7), -13);
      let sent = 0;
      for (const b of await repo.findBusinessesThatMayOwe(db, since)) {
        try {
          const business = { businessId: b.id, country: b.country, timeZone: b.timeZone };
          const today = todayOf(b.timeZone);
          const to = today.slice(0, 7);
          for (const item of await itemsFor(business, monthsFrom(monthAdd(to, -12), to), today)) {
            if (item.outstandingMinor <= 0) continue;
            const reminder = today >= addDays(item.dueDate, -REMITTANCE_REMINDER_DAYS) && today <= item.dueDate ? 'upcoming'
              : today > item.dueDate && today <= addDays(item.dueDate, OVERDUE_REMINDER_GRACE_DAYS) ? 'overdue' : null;
            if (!reminder) continue;
            const authority = DUE_RULES[item.kind as TRemittanceKind].authority;
            const who = item.payee ? `${authority}, ${item.payee}` : authority;
            const amount = `${b.currency} ${majorText(item.outstandingMinor)}`;
            await db.transaction(async (tx) => {
              if (!await repo.claimReminder(tx, { businessId: b.id, kind: item.kind, payee: item.payee, period: item.period, reminder })) return;
              await peers.notify(tx, b.id, {
                category: 'Accounts', subject: 'pay',
                actionType: reminder === 'upcoming' ? 'Remittance due soon' : 'Remittance overdue',
                message: reminder === 'upcoming'
                  ? `${who} for ${item.period}: ${amount} is due by ${item.dueDate}`
                  : `${who} for ${item.period}: ${amount} was due on ${item.dueDate} and is overdue`,
                messageKey: reminder === 'upcoming' ? 'remittances.upcoming' : 'remittances.overdue',
                params: { authority, payee: item.payee, period: item.period, dueDate: item.dueDate, amountMinor: item.outstandingMinor, currency: b.currency },
                link: { screen: 'remittances', id: item.period },
              });
              sent += 1;
            });
          }
        } catch (err) {
          log.warn({ err, businessId: b.id }, 'remittance reminders of a business failed');
        }
      }
      if (sent > 0) log.info({ sent }, 'remittance reminders sent');
      return sent;
    },
  };
};
export type TRemittancesService = ReturnType<typeof createRemittancesService>;
