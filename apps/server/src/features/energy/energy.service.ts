import {
  ENERGY_ALERT_DEFAULT_PERCENT, type TEnergyEntry, type TEnergyEntryInput, type TEnergyMonth, type TEnergyReport, type TImproveReport, type TMonthAverages,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { checkMinor, majorToMinor } from '../../platform/money.ts';
import type { TCollectionPointsService } from '../portal/collection-points.service.ts';
import { writeEnergyNote } from './energy-analyst.ts';
import * as repo from './energy.repo.ts';
import { assertEmailAtPoint } from '../inventory/collector-email.ts';

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const CURRENCY: Record<string, string> = { NG: 'NGN', GH: 'GHS' };
/** For the written note only; every figure is computed in minor units. */
const moneyText = (country: string) => (minor: number) =>
  `${CURRENCY[country] ?? ''} ${(minor / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`.trim();

/** Cost of one unit in minor units, rounded half-up: expenses ÷ quantity (quantity in thousandths). */
const perUnit = (expenses: bigint, quantityMilli: bigint) => (quantityMilli > 0n ? Number((expenses * 1000n * 2n + quantityMilli) / (quantityMilli * 2n)) : 0);

export const buildMonths = (rows: Array<{ month: string; entries: number; quantityMilli: string; expenses: string }>, alertPercent: number): TEnergyMonth[] => {
  let previous: number | null = null;
  return rows.map((r) => {
    const qMilli = BigInt(r.quantityMilli);
    const expenses = BigInt(r.expenses);
    const costPerUnitMinor = perUnit(expenses, qMilli);
    const change = previous && previous > 0 ? Math.round(((costPerUnitMinor - previous) / previous) * 1000) / 10 : null;
    previous = costPerUnitMinor;
    return {
      month: r.month, entries: r.entries, totalQuantity: Number(qMilli) / 1000, totalExpensesMinor: Number(expenses),
      averageQuantity: Math.round(Number(qMilli) / r.entries) / 1000,
      averageExpensesMinor: Number((expenses * 2n + BigInt(r.entries)) / (BigInt(r.entries) * 2n)),
      costPerUnitMinor, costPerUnitChangePercent: change, isAlert: change !== null && change > alertPercent,
    };
  });
};

export const createEnergyService = (deps: TDeps, opts: { collectionPoints: Pick<TCollectionPointsService, 'getPoint'> }) => {
  const { db } = deps;
  const toEntry = (r: repo.TEnergyRow): TEnergyEntry => {
    const qMilli = BigInt(Math.round(Number(r.quantity) * 1000));
    return {
      _id: r.id, date: r.date, quantity: Number(r.quantity), expensesMinor: r.expenses, costPerUnitMinor: perUnit(BigInt(r.expenses), qMilli),
      manager: r.manager, tagName: r.tagName, recordedBy: r.recordedBy, createdAt: r.createdAt.toISOString(),
    };
  };

  const averages = async (auth: TAuth, alertPercent: number, tagName?: string): Promise<TMonthAverages> => {
    const [months, projects] = await Promise.all([repo.monthTotals(db, auth.businessId, tagName), repo.projectTotals(db, auth.businessId)]);
    return {
      alertPercent,
      months: buildMonths(months, alertPercent),
      byProject: projects.map((p) => ({
        tagName: p.tagName, totalQuantity: Number(p.quantityMilli) / 1000, totalExpensesMinor: Number(p.expenses),
        costPerUnitMinor: perUnit(BigInt(p.expenses), BigInt(p.quantityMilli)),
      })),
    };
  };

  return {
    /** tracker: an entry from the office or from a collection point (only for its own project). */
    record: async (auth: TAuth, input: TEnergyEntryInput) => {
      const atPoint = auth.kind === 'collector' ? await opts.collectionPoints.getPoint(auth.businessId, auth.collectionPointId) : null;
      assertEmailAtPoint(auth, input.email, atPoint);
      const expenses = majorToMinor(input.expenses, 'expenses');
      // Shown with every entry: a large cost over a tiny quantity must stay an amount the app can keep.
      checkMinor(perUnit(BigInt(expenses), BigInt(Math.round(Number(input.quantity) * 1000))), 'quantity', 'cost per unit');
      let pointId: string | null = null;
      let recordedBy: string;
      if (auth.kind === 'collector') {
        const point = atPoint;
        if (!point) throw notFound('Collection point');
        if (!sameText(point.tagName, input.tagName)) throw forbidden(`This collection point records only for project ${point.tagName}`).as('pointRecordsOnly', { project: point.tagName });
        pointId = point._id;
        recordedBy = point.employeeNumber;
      } else if (auth.kind === 'user') {
        recordedBy = auth.userName;
      } else {
        throw forbidden('You do not have permission to do this');
      }
      return db.transaction(async (tx) => {
        const row = await repo.createEntry(tx, {
          businessId: auth.businessId, date: input.date, quantity: String(input.quantity), expenses, manager: input.manager, tagName: input.tagName,
          collectionPointId: pointId, recordedBy,
        });
        await audit(tx, auth, 'energy-entry.created', { entity: 'energy-entry', entityId: row.id, after: row });
        return toEntry(row);
      });
    },

    usage: async (auth: TUserAuth, email: string, f: { tagName?: string; from?: string; to?: string }) => {
      assertBusinessEmail(auth, email);
      return (await repo.findEntries(db, auth.businessId, f)).map(toEntry);
    },

    monthAverages: async (auth: TUserAuth, email: string, q: { alertPercent: number; tagName?: string }) => {
      assertBusinessEmail(auth, email);
      return averages(auth, q.alertPercent, q.tagName);
    },

    /** improve-report: a written note on usage and savings, through the AI layer (or its built-in analyst). */
    improveReport: async (auth: TUserAuth, input: TImproveReport): Promise<TEnergyReport> => {
      assertBusinessEmail(auth, input.email);
      const alertPercent = input.alertPercent ?? ENERGY_ALERT_DEFAULT_PERCENT;
      const { months } = await averages(auth, alertPercent, input.tagName);
      const scope = input.tagName ? `project ${input.tagName}` : auth.businessName;
      const money = moneyText(auth.country);
      const facts = { scope, alertPercent, months };
      const out = await deps.ai.report('energy', {
        facts,
        prompt: {
          system: 'You are an energy analyst for a small business in West Africa. Write a short note on fuel and power use and concrete ways to save, from the monthly figures given. Amounts are in minor units (kobo/pesewa).',
          user: `${input.instructions ? `Focus: ${input.instructions}\n` : ''}Monthly figures for ${scope}: ${JSON.stringify(months)}`,
        },
        analyst: () => writeEnergyNote({ scope, months, alertPercent, instructions: input.instructions, money }),
      }, { language: input.language ?? 'en' });
      return db.transaction(async (tx) => {
        const row = await repo.createReport(tx, { businessId: auth.businessId, tagName: input.tagName ?? '', instructions: input.instructions ?? '', report: out.text, source: out.provider });
        await audit(tx, auth, 'energy-entry.report-written', { entity: 'energy-entry', entityId: row.id, after: { tagName: row.tagName, source: row.source } });
        return { _id: row.id, tagName: row.tagName, instructions: row.instructions, report: row.report, source: out.provider, createdAt: row.createdAt.toISOString() };
      });
    },
  };
};
export type TEnergyService = ReturnType<typeof createEnergyService>;
