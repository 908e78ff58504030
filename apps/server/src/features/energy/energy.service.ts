import { findEnergyFigures } from './energy-figures.repo.ts';
import {
  ENERGY_ALERT_DEFAULT_PERCENT, ENERGY_UNITS, type TEnergyKind, type TEnergyEntry, type TEnergyEntryInput, type TEnergyMonth, type TEnergyReport, type TImproveReport, type TMonthAverages,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { TPlacesService } from '../places/places.service.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { assertBusinessEmail, type TAuth, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { checkMinor, majorToMinor } from '../../platform/money.ts';
import type { TCollectionPointsService } from '../portal/collection-points.service.ts';
import { writeEnergyNote } from './energy-analyst.ts';
import type { TLedgerService } from '../projects/ledger.service.ts';
import * as repo from './energy.repo.ts';
import { assertEmailAtPoint } from '../inventory/collector-email.ts';

/** A place from the list (TPlace, `_id`) or made from a typed name (a row, `id`). */
const placeIdOf = (p: { _id: string } | { id: string }) => ('_id' in p ? p._id : p.id);
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const CURRENCY: Record<string, string> = { NG: 'NGN', GH: 'GHS' };
/** For the written note only; every figure is computed in minor units. */
const moneyText = (country: string) => (minor: number) =>
  `${CURRENCY[country] ?? ''} ${(minor / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`.trim();

/** Cost of one unit in minor units, rounded half-up: expenses ÷ quantity (quantity in thousandths). */
const perUnit = (expenses: bigint, quantityMilli: bigint) => (quantityMilli > 0n ? Number((expenses * 1000n * 2n + quantityMilli) / (quantityMilli * 2n)) : 0);

/** One row per month and kind; the change in cost per unit is against the same kind's previous month. */
export const buildMonths = (rows: Array<{ month: string; kind?: string; entries: number; quantityMilli: string; expenses: string }>, alertPercent: number): TEnergyMonth[] => {
  const previousOf = new Map<string, number>();
  return rows.map((r) => {
    const kind = (r.kind ?? 'diesel') as TEnergyKind;
    const qMilli = BigInt(r.quantityMilli);
    const expenses = BigInt(r.expenses);
    const costPerUnitMinor = perUnit(expenses, qMilli);
    const previous = previousOf.get(kind);
    const change = previous && previous > 0 ? Math.round(((costPerUnitMinor - previous) / previous) * 1000) / 10 : null;
    previousOf.set(kind, costPerUnitMinor);
    return {
      month: r.month, kind, unit: ENERGY_UNITS[kind], entries: r.entries, totalQuantity: Number(qMilli) / 1000, totalExpensesMinor: Number(expenses),
      averageQuantity: Math.round(Number(qMilli) / r.entries) / 1000,
      averageExpensesMinor: Number((expenses * 2n + BigInt(r.entries)) / (BigInt(r.entries) * 2n)),
      costPerUnitMinor, costPerUnitChangePercent: change, isAlert: change !== null && change > alertPercent,
    };
  });
};

/** What the energy tracker needs of other features: the place a name or id means, and a generator of the fleet. */
export type TEnergyPorts = {
  collectionPoints: Pick<TCollectionPointsService, 'getPoint'>;
  places: Pick<TPlacesService, 'get' | 'ensure'>;
  isGenerator: (db: DbOrTx, businessId: string, assetId: string) => Promise<boolean>;
  /** The project cost ledger (issue 35): an entry at a project or its site is an actual energy cost there. */
  ledger?: Pick<TLedgerService, 'replace'>;
};

export const createEnergyService = (deps: TDeps, opts: TEnergyPorts) => {
  const { db } = deps;
  const toEntry = (r: repo.TEnergyRow): TEnergyEntry => {
    const qMilli = BigInt(Math.round(Number(r.quantity) * 1000));
    const kind = r.kind as TEnergyKind;
    return {
      _id: r.id, date: r.date, kind, unit: ENERGY_UNITS[kind], quantity: Number(r.quantity),
      placeId: r.placeId, assetId: r.assetId, runningHours: r.runningHours === null ? null : Number(r.runningHours), expensesMinor: r.expenses, costPerUnitMinor: perUnit(BigInt(r.expenses), qMilli),
      manager: r.manager, tagName: r.tagName, recordedBy: r.recordedBy, createdAt: r.createdAt.toISOString(),
    };
  };

  const averages = async (auth: TAuth, alertPercent: number, tagName?: string, kind?: TEnergyKind): Promise<TMonthAverages> => {
    const [months, projects] = await Promise.all([repo.monthTotals(db, auth.businessId, tagName, kind), repo.projectTotals(db, auth.businessId, kind)]);
    return {
      alertPercent,
      months: buildMonths(months, alertPercent),
      byProject: projects.map((p) => ({
        tagName: p.tagName, kind: p.kind as TEnergyKind, unit: ENERGY_UNITS[p.kind as TEnergyKind], totalQuantity: Number(p.quantityMilli) / 1000, totalExpensesMinor: Number(p.expenses),
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
        // The place chosen from the list, or the one the typed name means (made as a proposed project when new).
        const chosen = input.placeId ? await opts.places.get(auth.businessId, input.placeId, tx) : undefined;
        if (input.placeId && !chosen) throw notFound('Place');
        const place = chosen ?? await opts.places.ensure(tx, auth.businessId, input.tagName, 'project');
        if (input.assetId && !(await opts.isGenerator(tx, auth.businessId, input.assetId))) throw notFound('Generator');
        const row = await repo.createEntry(tx, {
          businessId: auth.businessId, date: input.date, kind: input.kind ?? 'diesel', quantity: String(input.quantity), expenses, manager: input.manager,
          tagName: place.name, placeId: placeIdOf(place), assetId: input.assetId ?? null,
          runningHours: input.runningHours === undefined ? null : String(input.runningHours), collectionPointId: pointId, recordedBy,
        });
        await opts.ledger?.replace(tx, auth.businessId, { kind: 'energy', id: row.id }, [{
          placeId: row.placeId, category: 'energy', stage: 'actual', amountMinor: expenses, date: row.date,
          description: `${row.quantity} ${ENERGY_UNITS[row.kind as TEnergyKind]} ${row.kind}`, reference: row.manager,
        }]);
        await audit(tx, auth, 'energy-entry.created', { entity: 'energy-entry', entityId: row.id, after: row });
        return toEntry(row);
      });
    },

    /** A generator's fuel entries (the fleet's truck page computes litres per hour). */
    generatorFuel: async (tx: DbOrTx, businessId: string, assetId: string) =>
      (await repo.findAssetEntries(tx, businessId, assetId)).map((r) => ({ id: r.id, date: r.date, kind: r.kind, quantity: r.quantity, runningHours: r.runningHours, expenses: r.expenses })),

    /** Fuel and power cost per kind for the analyst (issue 35, lane costrecs). */
    analystFigures: async (auth: TUserAuth) => findEnergyFigures(db, auth.businessId),

    usage: async (auth: TUserAuth, email: string, f: { tagName?: string; from?: string; to?: string }) => {
      assertBusinessEmail(auth, email);
      return (await repo.findEntries(db, auth.businessId, f)).map(toEntry);
    },

    monthAverages: async (auth: TUserAuth, email: string, q: { alertPercent: number; tagName?: string; kind?: TEnergyKind }) => {
      assertBusinessEmail(auth, email);
      return averages(auth, q.alertPercent, q.tagName, q.kind);
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
        // One note per kind: litres, kWh and kg are never added together.
        analyst: () => [...new Set(months.map((m) => m.kind))].map((kind, _i, kinds) =>
          writeEnergyNote({ scope: kinds.length > 1 ? `${scope} (${kind}, ${ENERGY_UNITS[kind]})` : scope, months: months.filter((m) => m.kind === kind), alertPercent, instructions: input.instructions, money }),
        ).join('\n\n') || writeEnergyNote({ scope, months, alertPercent, instructions: input.instructions, money }),
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
