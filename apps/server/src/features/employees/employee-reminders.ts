import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import type { TDueItem, TReminderSource } from '../reminders/reminders.service.ts';

/** The day of a yearly event (birthday, joining day) in a year; 29 February falls on the 28th in other years. */
const inYear = (mmdd: string, year: number) => {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${mmdd === '02-29' && !leap ? '02-28' : mmdd}`;
};
/** The first occurrence of a yearly event from `from` on, with the year it falls in. */
const nextOccurrence = (date: string, from: string) => {
  const year = Number(from.slice(0, 4));
  const thisYear = inYear(date.slice(5), year);
  return thisYear >= from ? { day: thisYear, year } : { day: inYear(date.slice(5), year + 1), year: year + 1 };
};

/**
 * The employees feature's due items for the HR reminders: probation and contract ends, birthdays and work
 * anniversaries (one year of service or more) of current staff (not deleted, no exit recorded).
 */
export const employeeReminderSource: TReminderSource = {
  name: 'employees',
  items: async (db: DbOrTx, businessId: string, from: string, to: string) => {
    const rows = await db.select({
      id: employees.id, firstName: employees.firstName, lastName: employees.lastName, dateOfBirth: employees.dateOfBirth,
      startDate: employees.startDate, startDateGiven: employees.startDateGiven, probationEndDate: employees.probationEndDate, contractEndDate: employees.contractEndDate,
    }).from(employees).where(and(eq(employees.businessId, businessId), isNull(employees.deletedAt), isNull(employees.exitDate)));
    const items: TDueItem[] = [];
    for (const r of rows) {
      const name = `${r.firstName} ${r.lastName}`.trim();
      const base = { employeeId: r.id, name };
      if (r.probationEndDate && r.probationEndDate >= from && r.probationEndDate <= to) items.push({ ...base, key: r.id, kind: 'probation-end', date: r.probationEndDate, detail: null });
      if (r.contractEndDate && r.contractEndDate >= from && r.contractEndDate <= to) items.push({ ...base, key: r.id, kind: 'contract-end', date: r.contractEndDate, detail: null });
      if (r.dateOfBirth) {
        const next = nextOccurrence(r.dateOfBirth, from);
        if (next.day <= to) items.push({ ...base, key: `${r.id}:${next.year}`, kind: 'birthday', date: next.day, detail: null });
      }
      if (r.startDate) {
        const next = nextOccurrence(r.startDate, from);
        const years = next.year - Number(r.startDate.slice(0, 4));
        if (years >= 1 && next.day <= to) {
          items.push({ ...base, key: `${r.id}:${next.year}`, kind: 'work-anniversary', date: next.day, detail: `${years} ${years === 1 ? 'year' : 'years'}` });
        }
      }
    }
    return items;
  },
};
