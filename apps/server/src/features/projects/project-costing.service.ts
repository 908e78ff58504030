import {
  PROJECT_COST_CATEGORIES, bpToPercent, certificateAmounts, forecastAtCompletion, minorToMajorText, percentToBp,
  type TCertificateInput, type TCertificatePaymentInput, type TProjectBudgetInput, type TProjectBudgetLine, type TProjectCertificate,
  type TProjectContractInput, type TProjectCostTotals, type TProjectCosting, type TProjectEntriesQuery, type TProjectHeadline,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { majorToMinor } from '../../platform/money.ts';
import { pageOffset } from '../../platform/http/envelope.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { TPlacesService } from '../places/places.service.ts';
import type { TCostsService } from '../costs/costs.service.ts';
import type { TLedgerService } from './ledger.service.ts';
import * as repo from './project-costing.repo.ts';

type TReceipt = { amountMinor: number; date: string; certificateId: string | null };

const toCertificate = (r: repo.TCertificateRow): TProjectCertificate => ({
  _id: r.id, number: r.number, date: r.certificateDate, grossMinor: r.grossMinor, retentionMinor: r.retentionMinor, whtMinor: r.whtMinor,
  otherDeductionsMinor: r.otherDeductionsMinor, netMinor: r.netMinor, paidMinor: r.paidMinor, paidDate: r.paidDate, status: r.status, note: r.note,
});

/** A certificate's status from what is paid against its net (a certificate with nothing to pay is paid). */
const statusOf = (paidMinor: number, netMinor: number): TProjectCertificate['status'] =>
  paidMinor >= netMinor ? 'paid' : paidMinor > 0 ? 'part-paid' : 'billed';

/** The amounts typed on a certificate, in minor units (undefined: the project's rate applies). */
const typedAmounts = (input: TCertificateInput) => {
  const typed = (v: TCertificateInput['retention'], field: string) => (v === undefined ? undefined : majorToMinor(v, field));
  return {
    grossMinor: majorToMinor(input.gross, 'gross', { isPositive: true }),
    retentionMinor: typed(input.retention, 'retention'), whtMinor: typed(input.wht, 'wht'), otherDeductionsMinor: typed(input.otherDeductions, 'otherDeductions'),
  };
};

/** Retention, WHT and net of a certificate: as typed, else the project's rates on the gross (create and edit alike). */
const amountsOf = async (tx: DbOrTx, businessId: string, projectId: string, typed: ReturnType<typeof typedAmounts>) => {
  const [contract] = await repo.findContracts(tx, businessId, [projectId]);
  const amounts = certificateAmounts({ ...typed, retentionBp: contract?.retentionBp ?? 0, whtBp: contract?.whtBp ?? 0 });
  if (amounts.netMinor < 0) throw badRequest('otherDeductions: the deductions are more than the gross valuation');
  return amounts;
};

/** Margin as basis points of billed, rounded half away from zero, in integers. */
const marginBpOf = (marginMinor: number, billedMinor: number) => {
  if (billedMinor <= 0) return null;
  const m = BigInt(marginMinor) * 10000n;
  const b = BigInt(billedMinor);
  const q = (m < 0n ? -m : m) * 2n + b;
  const r = q / (2n * b);
  return Number(m < 0n ? -r : r);
};

const lineOf = (budgetMinor: number | null, committedMinor: number, actualMinor: number) => {
  const forecastMinor = forecastAtCompletion(budgetMinor, actualMinor, committedMinor);
  return { budgetMinor, committedMinor, actualMinor, forecastMinor, varianceMinor: budgetMinor === null ? null : budgetMinor - forecastMinor };
};

/**
 * Project costing (issue 35): a project's budget, contract and certificates measured against the project cost ledger.
 * Costs are read from the ledger only (DESIGN §7); receipts from the project's payments (costs feature), so a plain
 * add-payment and a certificate's payment are both money received.
 */
export const createProjectCostingService = ({ db }: Pick<TDeps, 'db'>, peers: { ledger: TLedgerService; costs: TCostsService; places: TPlacesService }) => {
  /** The project place of this business (a site, store or another business's id is 404). */
  const getProject = async (businessId: string, projectId: string, tx: DbOrTx = db) => {
    const place = await peers.places.get(businessId, projectId, tx);
    if (!place || place.kind !== 'project') throw notFound('The project');
    return place;
  };

  const headlineOf = (input: {
    projectId: string; name: string; contract: repo.TContractRow | undefined; budgets: Array<{ amountMinor: number }>; totalBudgetMinor: number | null;
    totals: TProjectCostTotals; certificates: repo.TCertificateRow[]; receipts: TReceipt[];
  }): TProjectHeadline => {
    const { contract, totals, certificates, receipts } = input;
    const budgetMinor = input.budgets.length ? input.budgets.reduce((s, b) => s + b.amountMinor, 0) : input.totalBudgetMinor;
    const plainMinor = receipts.filter((r) => !r.certificateId).reduce((s, r) => s + r.amountMinor, 0);
    const billedMinor = certificates.reduce((s, c) => s + c.grossMinor, 0) + plainMinor;
    const paidMinor = receipts.reduce((s, r) => s + r.amountMinor, 0);
    const marginMinor = billedMinor - totals.actualMinor;
    return {
      projectId: input.projectId, name: input.name,
      contractValueMinor: contract?.contractValueMinor ?? null,
      retentionPercent: bpToPercent(contract?.retentionBp ?? 0), whtPercent: bpToPercent(contract?.whtBp ?? 0),
      budgetMinor, committedMinor: totals.committedMinor, actualMinor: totals.actualMinor,
      forecastMinor: forecastAtCompletion(budgetMinor, totals.actualMinor, totals.committedMinor),
      billedMinor, paidMinor,
      retentionHeldMinor: certificates.reduce((s, c) => s + c.retentionMinor, 0),
      whtSufferedMinor: certificates.reduce((s, c) => s + c.whtMinor, 0),
      marginMinor, marginBp: marginBpOf(marginMinor, billedMinor),
    };
  };

  const costing = async (auth: TUserAuth, projectId: string): Promise<TProjectCosting> => {
    const place = await getProject(auth.businessId, projectId);
    const [totals, months, budgets, [contract], certificates, money] = await Promise.all([
      peers.ledger.totals(auth.businessId, place._id),
      peers.ledger.months(auth.businessId, place._id),
      repo.findBudgets(db, auth.businessId, [place._id]),
      repo.findContracts(db, auth.businessId, [place._id]),
      repo.findCertificates(db, auth.businessId, [place._id]),
      peers.costs.moneyOfPlace(auth.businessId, place._id),
    ]);
    const headline = headlineOf({ projectId: place._id, name: place.name, contract, budgets, totalBudgetMinor: money.budgetMinor, totals, certificates, receipts: money.receipts });
    const categories: TProjectBudgetLine[] = PROJECT_COST_CATEGORIES.map((category) => {
      const c = totals.byCategory.find((x) => x.category === category);
      const b = budgets.find((x) => x.category === category);
      return { category, ...lineOf(b ? b.amountMinor : null, c?.committedMinor ?? 0, c?.actualMinor ?? 0) };
    });
    // Totals: the category lines' sum when the project has budget lines, else the project's total budget.
    const forecastMinor = budgets.length ? categories.reduce((s, c) => s + c.forecastMinor, 0) : forecastAtCompletion(headline.budgetMinor, totals.actualMinor, totals.committedMinor);
    return {
      ...headline,
      forecastMinor,
      hasBudgetLines: budgets.length > 0,
      categories,
      totals: {
        budgetMinor: headline.budgetMinor, committedMinor: totals.committedMinor, actualMinor: totals.actualMinor, forecastMinor,
        varianceMinor: headline.budgetMinor === null ? null : headline.budgetMinor - forecastMinor,
      },
      months: months.map((m) => ({ month: m.month, committedMinor: m.committedMinor, actualMinor: m.actualMinor })).sort((a, b) => a.month.localeCompare(b.month)),
      bySource: totals.bySource,
      certificates: certificates.map(toCertificate),
    };
  };

  return {
    costing,

    /** Every project of the business with its headline figures. */
    list: async (auth: TUserAuth): Promise<TProjectHeadline[]> => {
      const projects = await peers.places.list(auth, { kind: 'project' });
      const [totalsBy, budgets, contracts, certificates, moneys] = await Promise.all([
        peers.ledger.totalsByProject(auth.businessId),
        repo.findBudgets(db, auth.businessId),
        repo.findContracts(db, auth.businessId),
        repo.findCertificates(db, auth.businessId),
        Promise.all(projects.map((p) => peers.costs.moneyOfPlace(auth.businessId, p._id))),
      ]);
      return projects.map((p, i) => headlineOf({
        projectId: p._id, name: p.name, contract: contracts.find((c) => c.projectId === p._id), budgets: budgets.filter((b) => b.projectId === p._id),
        totalBudgetMinor: moneys[i].budgetMinor, totals: totalsBy.get(p._id) ?? { committedMinor: 0, actualMinor: 0, byCategory: [], bySource: [] },
        certificates: certificates.filter((c) => c.projectId === p._id), receipts: moneys[i].receipts,
      })).sort((a, b) => a.name.localeCompare(b.name));
    },

    /** The project's ledger entries a page at a time, each linking to its source. */
    entries: async (auth: TUserAuth, projectId: string, q: TProjectEntriesQuery) => {
      const place = await getProject(auth.businessId, projectId);
      return peers.ledger.entries(auth.businessId, { projectId: place._id, category: q.category, sourceKind: q.source, stage: q.stage, limit: q.limit, offset: pageOffset(q) });
    },

    /** Sets (or removes, with a null amount) the budget of the categories given. */
    setBudget: async (auth: TUserAuth, projectId: string, input: TProjectBudgetInput) => {
      const lines = input.lines.map((l, i) => ({ category: l.category, amountMinor: l.amount === null ? null : majorToMinor(l.amount, `lines.${i}.amount`) }));
      if (new Set(lines.map((l) => l.category)).size !== lines.length) throw badRequest('lines: name each category once');
      await db.transaction(async (tx) => {
        const place = await getProject(auth.businessId, projectId, tx);
        const before = await repo.findBudgets(tx, auth.businessId, [place._id]);
        for (const l of lines) {
          if (l.amountMinor === null) await repo.deleteBudget(tx, auth.businessId, place._id, l.category);
          else await repo.upsertBudget(tx, auth.businessId, place._id, l.category, l.amountMinor);
        }
        const after = await repo.findBudgets(tx, auth.businessId, [place._id]);
        const view = (rows: typeof after) => Object.fromEntries(rows.map((r) => [r.category, r.amountMinor]));
        await audit(tx, auth, 'project.budget-set', { entity: 'project-budget', entityId: place._id, before: view(before), after: { project: place.name, ...view(after) } });
      });
      return costing(auth, projectId);
    },

    /** Contract value, retention and WHT rates; fields left out keep their value. */
    setContract: async (auth: TUserAuth, projectId: string, input: TProjectContractInput) => {
      const patch = {
        ...(input.contractValue !== undefined ? { contractValueMinor: input.contractValue === null ? null : majorToMinor(input.contractValue, 'contractValue') } : {}),
        ...(input.retentionPercent !== undefined ? { retentionBp: percentToBp(input.retentionPercent) } : {}),
        ...(input.whtPercent !== undefined ? { whtBp: percentToBp(input.whtPercent) } : {}),
      };
      await db.transaction(async (tx) => {
        const place = await getProject(auth.businessId, projectId, tx);
        const [before] = await repo.findContracts(tx, auth.businessId, [place._id]);
        const row = await repo.upsertContract(tx, auth.businessId, place._id, patch);
        await audit(tx, auth, 'project.contract-set', { entity: 'project-contract', entityId: row.id, before: before ?? null, after: { project: place.name, ...row } });
      });
      return costing(auth, projectId);
    },

    /** A certificate billed to the client; retention and WHT default to the project's rates on the gross. */
    addCertificate: async (auth: TUserAuth, projectId: string, input: TCertificateInput) => {
      const typed = typedAmounts(input);
      return db.transaction(async (tx) => {
        const place = await getProject(auth.businessId, projectId, tx);
        const amounts = await amountsOf(tx, auth.businessId, place._id, typed);
        const row = await repo.insertCertificate(tx, auth.businessId, place._id, {
          number: input.number, certificateDate: input.date, ...amounts, note: input.note ?? '', status: statusOf(0, amounts.netMinor),
        });
        if (!row) throw conflict(`number: certificate ${input.number} is already on this project`);
        await audit(tx, auth, 'project.certificate-added', { entity: 'project-certificate', entityId: row.id, after: { project: place.name, ...row } });
        return toCertificate(row);
      });
    },

    /**
     * Corrects a certificate: the whole certificate as on create, retention and WHT recomputed the same way. What the
     * client already paid stays; the net may not drop below it (the payments would be more than was billed).
     */
    updateCertificate: async (auth: TUserAuth, projectId: string, certificateId: string, input: TCertificateInput) => {
      const typed = typedAmounts(input);
      return db.transaction(async (tx) => {
        const place = await getProject(auth.businessId, projectId, tx);
        const cert = await repo.lockCertificate(tx, auth.businessId, place._id, certificateId);
        if (!cert) throw notFound('The certificate');
        const amounts = await amountsOf(tx, auth.businessId, place._id, typed);
        if (amounts.netMinor < cert.paidMinor) {
          throw conflict(`Certificate ${cert.number} has ${minorToMajorText(cert.paidMinor)} paid against it, more than the ${minorToMajorText(amounts.netMinor)} net this change would leave: `
            + 'keep the net at or above what was paid (raise the gross or lower the deductions), or first remove a payment typed by mistake from the project\'s payments received');
        }
        if (await repo.hasOtherCertificateNumbered(tx, auth.businessId, place._id, input.number, cert.id)) throw conflict(`number: certificate ${input.number} is already on this project`);
        const row = await repo.updateCertificate(tx, auth.businessId, cert.id, {
          number: input.number, certificateDate: input.date, ...amounts, note: input.note ?? '', status: statusOf(cert.paidMinor, amounts.netMinor),
        });
        await audit(tx, auth, 'project.certificate-updated', { entity: 'project-certificate', entityId: cert.id, before: cert, after: { project: place.name, ...row } });
        return toCertificate(row);
      });
    },

    /** Removes a certificate typed by mistake; one the client has paid against stays (its payments name it). */
    deleteCertificate: async (auth: TUserAuth, projectId: string, certificateId: string) =>
      db.transaction(async (tx) => {
        const place = await getProject(auth.businessId, projectId, tx);
        const cert = await repo.lockCertificate(tx, auth.businessId, place._id, certificateId);
        if (!cert) throw notFound('The certificate');
        if (cert.paidMinor > 0) {
          throw conflict(`Certificate ${cert.number} has payments recorded against it (${minorToMajorText(cert.paidMinor)}), so it cannot be deleted: edit it instead to correct it, or first remove the payments typed by mistake from the project's payments received`);
        }
        await repo.deleteCertificate(tx, auth.businessId, cert.id);
        await audit(tx, auth, 'project.certificate-deleted', { entity: 'project-certificate', entityId: cert.id, before: { project: place.name, ...cert } });
        return { _id: cert.id };
      }),

    /** Money the client paid against a certificate: a project payment naming it; the certificate becomes part-paid or paid. */
    payCertificate: async (auth: TUserAuth, projectId: string, certificateId: string, input: TCertificatePaymentInput) => {
      const amountMinor = majorToMinor(input.amount, 'amount', { isPositive: true });
      return db.transaction(async (tx) => {
        const place = await getProject(auth.businessId, projectId, tx);
        const cert = await repo.lockCertificate(tx, auth.businessId, place._id, certificateId);
        if (!cert) throw notFound('The certificate');
        const paidMinor = cert.paidMinor + amountMinor;
        if (paidMinor > cert.netMinor) throw badRequest(`amount: more than the ${cert.netMinor - cert.paidMinor} minor units still due on certificate ${cert.number}`);
        await peers.costs.addReceipt(tx, auth, { id: place._id, name: place.name }, { amountMinor, date: input.date, certificateId: cert.id });
        const paidDate = cert.paidDate && cert.paidDate > input.date ? cert.paidDate : input.date;
        const row = await repo.updateCertificate(tx, auth.businessId, cert.id, { paidMinor, paidDate, status: statusOf(paidMinor, cert.netMinor) });
        await audit(tx, auth, 'project.certificate-paid', { entity: 'project-certificate', entityId: cert.id, before: cert, after: row });
        return toCertificate(row);
      });
    },

    /**
     * Removes a receipt typed by mistake (any project payment, plain or against a certificate). The costs feature locks
     * and deletes it; a certificate it paid gets back the amount: paid lowered, status by the same rule as on payment,
     * paid date the latest remaining receipt's (null when none is left). Lives here, not in costs, because costs is a
     * peer of project costing (a costs → projects call would be circular).
     */
    removeReceipt: async (auth: TUserAuth, paymentId: string) =>
      db.transaction(async (tx) => {
        const receipt = await peers.costs.takeReceipt(tx, auth, paymentId);
        let before: repo.TCertificateRow | null = null;
        let after: repo.TCertificateRow | null = null;
        if (receipt.certificateId) {
          before = (await repo.lockCertificateById(tx, auth.businessId, receipt.certificateId)) ?? null;
          if (before) {
            const paidMinor = Math.max(0, before.paidMinor - receipt.amountMinor);
            const paidDate = await peers.costs.latestReceiptDate(tx, auth.businessId, before.id);
            after = await repo.updateCertificate(tx, auth.businessId, before.id, { paidMinor, paidDate, status: statusOf(paidMinor, before.netMinor) });
          }
        }
        // One entry: the receipt as it was, and the certificate it paid as it now stands.
        await audit(tx, auth, 'project.payment-removed', {
          entity: 'project-payment', entityId: receipt.id,
          before: { ...receipt, ...(before ? { certificateNumber: before.number, certificate: before } : {}) },
          after: after ? { certificate: after } : null,
        });
        const certificate = after ? toCertificate(after) : null;
        return { _id: receipt.id, certificate };
      }),
  };
};
export type TProjectCostingService = ReturnType<typeof createProjectCostingService>;
