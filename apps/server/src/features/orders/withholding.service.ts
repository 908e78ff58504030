import { invoiceOutstanding } from './payables.ts';
import {
  milliToQuantity, quantityToMilli, type TAgeingBucket, type TOrderDetail, type TPayablesAgeing, type TSchedule, type TWhtPreview, type TWhtSchedule,
} from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import type { TUserAuth } from '../../platform/auth/guard.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { logoType } from '../payroll/payslip-docs.ts';
import type { TPayslipLogo } from '../payroll/payslip-pdf.ts';
import { csvFile, xlsxFile, type TFile } from '../payroll/statutory/render.ts';
import { DUE_RULES } from '../remittances/due-dates.ts';
import type { TWhtDue } from '../remittances/remittances.service.ts';
import { buildDocPdf, moneyText, rateText, type TDocModel } from './order-pdf.ts';
import type { TOrdersService } from './orders.service.ts';
import type { TApprovalsService } from '../approvals/approvals.service.ts';
import { splitOf } from './withholding.ts';
import * as repo from './withholding.repo.ts';
import { localDate } from '../../platform/local-time.ts';

const FILES_PREFIX = '/api/v1/files/';
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const bucketOf = (daysPastDue: number): TAgeingBucket =>
  daysPastDue <= 0 ? 'current' : daysPastDue <= 30 ? 'd1to30' : daysPastDue <= 60 ? 'd31to60' : daysPastDue <= 90 ? 'd61to90' : 'over90';
const emptyBuckets = () => ({ current: 0, d1to30: 0, d31to60: 0, d61to90: 0, over90: 0, totalMinor: 0 });
const whtKindOf = (country: string): 'gh-wht' | 'ng-wht' => (country === 'GH' ? 'gh-wht' : 'ng-wht');
const STATUS_WORDS: Record<string, string> = { pending: 'pending approval', rejected: 'rejected', cancelled: 'cancelled', 'pending-approval': 'pending approval', draft: 'draft' };

/**
 * Withholding tax read side, payables ageing and the documents suppliers accept (issue 35, lane wht). The split itself
 * is taken at payment (withholding.ts, called from `payment-track`); everything here reads what was stored.
 */
export const createWithholdingService = (deps: Pick<TDeps, 'db' | 'storage' | 'log'>, peers: { orders: Pick<TOrdersService, 'detail'>; approvals: Pick<TApprovalsService, 'decisionsOf'> }) => {
  const { db } = deps;

  const paymentOr404 = async (auth: TUserAuth, id: string) => {
    const p = await repo.getPaymentForWht(db, auth.businessId, id);
    if (!p) throw notFound('Payment');
    return p;
  };

  const schedule = async (auth: TUserAuth, month: string, authority?: string): Promise<TWhtSchedule> => {
    const rows = (await repo.findWithheld(db, auth.businessId, month)).filter((r) => !authority || r.authority === authority);
    const by = new Map<string, typeof rows>();
    for (const r of rows) by.set(r.authority ?? '', [...(by.get(r.authority ?? '') ?? []), r]);
    const rule = DUE_RULES[whtKindOf(auth.country)];
    const dueDate = rule.dueOf({ period: month, salariesPaidOn: `${month}-01`, salariesBasis: 'approval', holidays: new Set() }).date;
    const authorities = [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, list]) => ({
      authority: name, dueDate,
      whtMinor: list.reduce((s, r) => s + r.whtMinor, 0),
      grossMinor: list.reduce((s, r) => s + r.grossMinor, 0),
      baseMinor: list.reduce((s, r) => s + r.baseMinor, 0),
      rows: list.map((r) => ({
        paymentId: r.paymentId, paidDate: r.paidDate ?? '', authority: name, vendorName: r.vendorName, vendorTin: r.vendorTin, orderNumber: r.orderNumber,
        invoiceNumber: r.invoiceNumber, grossMinor: r.grossMinor, baseMinor: r.baseMinor, rateBp: r.rateBp ?? 0, whtMinor: r.whtMinor, netMinor: r.grossMinor - r.whtMinor, rateKey: r.rateKey ?? '',
      })),
    }));
    return { month, currency: auth.country === 'GH' ? 'GHS' : 'NGN', authorities, totalWhtMinor: authorities.reduce((s, a) => s + a.whtMinor, 0) };
  };

  /** The schedule as the statutory pack's file model, so the CSV/XLSX writers of the statutory schedules render it. */
  const asSchedules = async (auth: TUserAuth, s: TWhtSchedule): Promise<TSchedule[]> => {
    const head = await repo.getLetterhead(db, auth.businessId);
    const list = s.authorities.length ? s.authorities : [{ authority: '', dueDate: '', whtMinor: 0, grossMinor: 0, baseMinor: 0, rows: [] }];
    return list.map((a) => ({
      kind: whtKindOf(auth.country), payee: a.authority, title: `Withholding tax schedule ${a.authority} ${s.month}`.replace(/\s+/g, ' '), period: s.month,
      header: [['Payer', head?.name ?? ''], ['Payer TIN', head?.tin ?? ''], ['RC number', head?.rcNumber ?? ''], ['Authority', a.authority], ['Month', s.month], ['Due date', a.dueDate]],
      columns: [
        { key: 'paidDate', label: 'Date paid', type: 'text' }, { key: 'vendor', label: 'Vendor', type: 'text' }, { key: 'tin', label: 'Vendor TIN', type: 'text' },
        { key: 'invoice', label: 'Invoice', type: 'text' }, { key: 'order', label: 'Order', type: 'text' }, { key: 'gross', label: 'Gross amount', type: 'money' },
        { key: 'base', label: 'Amount before VAT', type: 'money' },
        { key: 'rate', label: 'Rate %', type: 'text' }, { key: 'wht', label: 'WHT', type: 'money' }, { key: 'net', label: 'Net paid', type: 'money' },
      ],
      rows: a.rows.map((r) => ({
        employeeId: null, missing: r.vendorTin ? [] : ['Vendor TIN'],
        cells: { paidDate: r.paidDate, vendor: r.vendorName, tin: r.vendorTin, invoice: r.invoiceNumber, order: r.orderNumber, gross: r.grossMinor, base: r.baseMinor, rate: rateText(r.rateBp), wht: r.whtMinor, net: r.netMinor },
      })),
      totals: { paidDate: 'Total', gross: a.grossMinor, base: a.baseMinor, wht: a.whtMinor, net: a.grossMinor - a.whtMinor },
      amountKey: 'wht', amountMinor: a.whtMinor, employees: a.rows.length, missing: a.rows.filter((r) => !r.vendorTin).length,
    }));
  };

  const logoOf = async (imagePath: string | null | undefined): Promise<TPayslipLogo | null> => {
    if (!imagePath?.startsWith(FILES_PREFIX)) return null;
    const file = await deps.storage.get(imagePath.slice(FILES_PREFIX.length)).catch(() => null);
    const type = file ? logoType(file.body) : null;
    return file && type ? { bytes: new Uint8Array(file.body), type } : null;
  };

  /** The letterhead: name, RC number and TIN, address (state or region), contact. */
  const letterhead = async (auth: TUserAuth) => {
    const h = await repo.getLetterhead(db, auth.businessId);
    const lines = [
      [h?.rcNumber ? `RC ${h.rcNumber}` : '', h?.tin ? `TIN ${h.tin}` : ''].filter(Boolean).join(' · '),
      [h?.stateOrRegion, h?.country === 'GH' ? 'Ghana' : 'Nigeria'].filter(Boolean).join(', '),
      h?.ownerEmail ?? '',
    ].filter(Boolean);
    return { business: { name: h?.name ?? auth.businessName, lines }, logo: await logoOf(h?.imagePath) };
  };

  const vendorParty = async (auth: TUserAuth, orderId: string, heading = 'Supplier') => {
    const v = await repo.getVendorOfOrder(db, auth.businessId, orderId);
    return {
      vendor: v,
      party: { heading, lines: [v?.name ?? '', v?.address ?? '', v?.tin ? `TIN ${v.tin}` : 'TIN: not given', [v?.contactName, v?.phone, v?.email].filter(Boolean).join(' · ')].filter(Boolean) },
    };
  };

  const approversOf = (d: TOrderDetail) => (d.approval?.decisions ?? []).filter((x) => x.decision === 'approved').map((x) => `${x.userName}, ${x.decidedAt.slice(0, 10)}`);

  const orderModel = async (auth: TUserAuth, d: TOrderDetail): Promise<{ model: TDocModel; logo: TPayslipLogo | null }> => {
    const { business, logo } = await letterhead(auth);
    const { vendor, party } = await vendorParty(auth, d._id);
    const money = (m: number) => moneyText(d.currency, m);
    return {
      logo,
      model: {
        title: d.POType === 'standing' ? 'Standing order' : 'Purchase order', number: d.invoiceNumber,
        notApproved: d.approvalStatus === 'approved' ? null : STATUS_WORDS[d.approvalStatus] ?? d.approvalStatus,
        business, party,
        meta: [
          ['Date', d.createdAt.slice(0, 10)], ['Status', d.approvalStatus], ['Raised by', d.createdBy],
          ...(d.revision > 1 ? [['Revision', String(d.revision)] as [string, string]] : []), // an amended order: the supplier sees which one is current
          ['Deliver to', [vendor?.deliveryName, vendor?.deliveryAddress].filter(Boolean).join(', ') || 'as agreed'],
          ...(d.expectedDate ? [['Expected', d.expectedDate] as [string, string]] : []),
          ...(d.validFrom ? [['Valid', `${d.validFrom} to ${d.validTo ?? ''}`] as [string, string]] : []),
        ],
        table: d.POType === 'standing' ? undefined : {
          columns: [{ label: 'Item', width: 200 }, { label: 'Unit', width: 60 }, { label: 'Quantity', width: 70, isRight: true }, { label: 'Unit price', width: 80, isRight: true }, { label: 'Amount', width: 85, isRight: true }],
          rows: d.lines.map((l) => [l.item, l.unit, l.quantity, money(l.unitPriceMinor), money(l.lineTotalMinor)]),
        },
        totals: d.POType === 'standing'
          ? [['Ceiling', money(d.ceilingMinor ?? d.totalMinor)]]
          : [['Subtotal', money(d.subtotalMinor)], [`VAT ${rateText(d.vatRateBp)}`, money(d.vatMinor)], ...(d.leviesMinor ? [[`Levies ${rateText(d.levyRateBp)}`, money(d.leviesMinor)] as [string, string]] : []), ['Total', money(d.totalMinor)]],
        terms: [
          `Quote ${d.invoiceNumber} on your delivery note and invoice.`,
          'Goods are accepted against a signed goods-received note at the delivery site; quantities above this order are not paid.',
          'Withholding tax is deducted at payment where the law requires it; a WHT credit note is issued with each payment.',
          ...(d.notes ? [d.notes] : []),
        ],
        approvers: approversOf(d),
      },
    };
  };

  const whtPdf = async (auth: TUserAuth, paymentId: string, kind: 'advice' | 'wht') => {
    const p = await paymentOr404(auth, paymentId);
    if (kind === 'wht' && (p.status !== 'paid' || p.whtMinor <= 0)) throw conflict('No tax was withheld on this payment, so there is no WHT credit note').as('noWhtWithheld');
    const { business, logo } = await letterhead(auth);
    const { party } = await vendorParty(auth, p.orderId, kind === 'wht' ? 'Tax withheld from' : 'Paid to');
    const approvers = (await peers.approvals.decisionsOf(db, auth.businessId, 'payment', [p.id])).filter((a) => a.decision === 'approved').map((a) => `${a.userName}, ${a.at?.toISOString().slice(0, 10) ?? ''}`);
    const money = (m: number) => moneyText(p.currency, m);
    const isPaid = p.status === 'paid';
    const preview = isPaid ? null : await splitOf(db, auth.businessId, auth.country, p, localDate(new Date(), auth.timeZone));
    const wht = isPaid ? p.whtMinor : preview!.whtMinor;
    const rateBp = isPaid ? p.whtRateBp ?? 0 : preview!.rateBp;
    const base = isPaid ? p.whtBaseMinor ?? p.amountMinor : preview!.baseMinor;
    // The base line only when VAT made it differ from the gross: "5% of ₦1,000,000.00 before VAT".
    const baseLine: [string, string][] = base !== p.amountMinor ? [['Amount before VAT (taxed)', money(base)]] : [];
    const model: TDocModel = kind === 'wht' ? {
      title: 'WHT credit note', number: `WHT-${p.orderNumber}-${p.id.slice(0, 8).toUpperCase()}`, notApproved: null, business, party,
      meta: [['Date paid', p.paidDate ?? ''], ['Authority', p.whtAuthority ?? ''], ['Rate', rateText(rateBp)], ['Rate source', p.whtRateKey ?? ''], ['Order', p.orderNumber], ['Invoice', p.invoiceNumber ?? '—']],
      totals: [['Gross amount', money(p.amountMinor)], ...baseLine, [`Tax withheld ${rateText(rateBp)}`, money(wht)], ['Net paid', money(p.amountMinor - wht)]],
      terms: [
        `This note certifies that ${money(wht)} was deducted at source from the payment above and is remitted to the ${p.whtAuthority ?? 'tax authority'} in the vendor's name and TIN.`,
        'Keep it to claim the tax withheld as a credit against your income tax.',
      ],
      approvers, footer: `Rate: ${p.whtRateKey ?? ''}`,
    } : {
      title: 'Payment advice', number: `PAY-${p.orderNumber}-${p.id.slice(0, 8).toUpperCase()}`,
      notApproved: p.status === 'scheduled' || isPaid ? null : STATUS_WORDS[p.status] ?? p.status, business, party,
      meta: [
        ['Status', p.status], ['Due', p.dueDate], ...(isPaid ? [['Paid', p.paidDate ?? ''] as [string, string], ['Method', p.method ?? ''] as [string, string]] : []),
        ...(p.reference ? [['Reference', p.reference] as [string, string]] : []), ['Order', p.orderNumber], ['Invoice', p.invoiceNumber ?? '—'],
        ['Bank', [p.bankName, p.bankAccountNumber, p.bankAccountName].filter(Boolean).join(' ') || '—'],
      ],
      totals: [['Gross amount', money(p.amountMinor)], ...(wht > 0 ? baseLine : []), [`Withholding tax ${rateText(rateBp)}${isPaid ? '' : ' (estimate)'}`, money(wht)], ['Net to vendor', money(p.amountMinor - wht)]],
      terms: [...(wht > 0 ? ['The tax withheld is remitted to the tax authority in your name; a WHT credit note comes with this advice.'] : []), ...(p.note ? [p.note] : [])],
      approvers,
    };
    return { body: await buildDocPdf(model, logo), name: `${model.number}.pdf` };
  };

  return {
    /** What the payment dialog shows before confirming: gross, WHT at the rate in force on the paid date, net. */
    preview: async (auth: TUserAuth, paymentId: string, paidDate?: string): Promise<TWhtPreview> => {
      const p = await paymentOr404(auth, paymentId);
      if (p.status === 'paid') {
        return {
          paymentId: p.id, currency: p.currency, grossMinor: p.amountMinor, baseMinor: p.whtBaseMinor ?? p.amountMinor, whtMinor: p.whtMinor, netMinor: p.amountMinor - p.whtMinor, rateBp: p.whtRateBp ?? 0,
          rateKey: p.whtRateKey, category: null, payeeType: p.whtPayeeType === 'individual' ? 'individual' : 'company', authority: p.whtAuthority, source: null, note: 'paid',
        };
      }
      return splitOf(db, auth.businessId, auth.country, p, paidDate ?? localDate(new Date(), auth.timeZone));
    },

    schedule: (auth: TUserAuth, q: { month: string; authority?: string }) => schedule(auth, q.month, q.authority),

    scheduleFile: async (auth: TUserAuth, q: { month: string; authority?: string; format: 'csv' | 'xlsx' }): Promise<TFile> => {
      const sheets = await asSchedules(auth, await schedule(auth, q.month, q.authority));
      const name = `wht-${q.month}${q.authority ? `-${q.authority.replace(/\s+/g, '-')}` : ''}`;
      if (q.format === 'xlsx') return xlsxFile(sheets, name);
      if (sheets.length > 1) throw badRequest('authority: a CSV holds one authority; choose FIRS or State IRS (or download the XLSX)').as('whtCsvOneAuthority');
      return csvFile(sheets[0], name);
    },

    /** The remittance tracker's peer: the month's tax withheld per authority. */
    due: async (businessId: string, country: string, period: string): Promise<TWhtDue[]> => {
      const by = new Map<string, { amount: number; rows: number; missing: number }>();
      for (const r of await repo.findWithheld(db, businessId, period)) {
        const a = by.get(r.authority ?? '') ?? { amount: 0, rows: 0, missing: 0 };
        by.set(r.authority ?? '', { amount: a.amount + r.whtMinor, rows: a.rows + 1, missing: a.missing + (r.vendorTin ? 0 : 1) });
      }
      return [...by.entries()].map(([payee, a]) => ({
        kind: whtKindOf(country), payee, period, amountMinor: a.amount, employees: a.rows, missing: a.missing, runStatus: 'approved', paidAt: null, approvedAt: null,
      }));
    },

    /**
     * Payables ageing: outstanding per invoice (payables.ts invoiceOutstanding: total − credit notes − paid − scheduled),
     * by days past its due date (the invoice date when none was given).
     */
    ageing: async (auth: TUserAuth, asOf?: string): Promise<TPayablesAgeing> => {
      const day = asOf ?? localDate(new Date(), auth.timeZone);
      const vendorsById = new Map<string, TPayablesAgeing['vendors'][number]>();
      const totals = emptyBuckets();
      for (const i of await repo.findInvoiceBalances(db, auth.businessId)) {
        const outstanding = invoiceOutstanding({ totalMinor: i.totalMinor, creditsMinor: i.creditsMinor, committedMinor: i.paidMinor + i.scheduledMinor }, Number.MAX_SAFE_INTEGER);
        if (outstanding <= 0 || i.invoiceDate > day) continue;
        const dueDate = i.dueDate ?? i.invoiceDate;
        const daysPastDue = Math.max(0, daysBetween(dueDate, day));
        const bucket = bucketOf(daysPastDue);
        const v = vendorsById.get(i.vendorId) ?? { vendorId: i.vendorId, vendorName: i.vendorName, ...emptyBuckets(), invoices: [] };
        v[bucket] += outstanding;
        v.totalMinor += outstanding;
        totals[bucket] += outstanding;
        totals.totalMinor += outstanding;
        v.invoices.push({
          invoiceId: i.invoiceId, invoiceNumber: i.invoiceNumber, orderId: i.orderId, orderNumber: i.orderNumber, invoiceDate: i.invoiceDate, dueDate, daysPastDue, bucket,
          totalMinor: i.totalMinor, paidMinor: i.paidMinor, scheduledMinor: i.scheduledMinor, outstandingMinor: outstanding,
        });
        vendorsById.set(i.vendorId, v);
      }
      return { asOf: day, currency: auth.country === 'GH' ? 'GHS' : 'NGN', vendors: [...vendorsById.values()].sort((a, b) => b.totalMinor - a.totalMinor), totals };
    },

    orderPdf: async (auth: TUserAuth, orderId: string) => {
      const d = await peers.orders.detail(auth, orderId);
      const { model, logo } = await orderModel(auth, d);
      return { body: await buildDocPdf(model, logo), name: `${d.invoiceNumber}.pdf` };
    },

    grnPdf: async (auth: TUserAuth, grnId: string) => {
      const ref = await repo.getGrnOrder(db, auth.businessId, grnId);
      if (!ref) throw notFound('Goods-received note');
      const d = await peers.orders.detail(auth, ref.orderId);
      const g = d.grns.find((x) => x._id === grnId)!;
      const { model, logo } = await orderModel(auth, d);
      const unitOf = new Map(d.lines.map((l) => [l._id, l]));
      const number = `GRN-${d.invoiceNumber}-${d.grns.slice().reverse().findIndex((x) => x._id === grnId) + 1}`;
      const grn: TDocModel = {
        ...model, title: 'Goods-received note', number,
        meta: [['Order', d.invoiceNumber], ['Received', g.receivedDate], ['Received by', g.receiver], ...model.meta.filter(([k]) => k === 'Deliver to'), ...(g.note ? [['Note', g.note] as [string, string]] : [])],
        table: {
          columns: [{ label: 'Item', width: 200 }, { label: 'Unit', width: 60 }, { label: 'Ordered', width: 70, isRight: true }, { label: 'Received', width: 70, isRight: true }, { label: 'Into', width: 95 }],
          rows: g.lines.map((l) => [l.item, unitOf.get(l.lineId)?.unit ?? '', unitOf.get(l.lineId)?.quantity ?? '', milliToQuantity(quantityToMilli(l.quantity)), l.locationName ?? '']),
        },
        totals: [],
        terms: ['Received in the quantities above, subject to inspection; shortfalls and damage are noted on this note.'],
        footer: 'Signed for the receiver: ____________________    Signed for the supplier: ____________________',
      };
      return { body: await buildDocPdf(grn, logo), name: `${number}.pdf` };
    },

    advicePdf: (auth: TUserAuth, paymentId: string) => whtPdf(auth, paymentId, 'advice'),
    whtReceipt: (auth: TUserAuth, paymentId: string) => whtPdf(auth, paymentId, 'wht'),
  };
};
export type TWithholdingService = ReturnType<typeof createWithholdingService>;
