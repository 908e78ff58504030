import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiReports } from '../src/db/schema/index.ts';
import { reviewCosts, wholeMonths } from '../src/features/reports/cost-review.ts';
import type { TReportFacts } from '../src/features/reports/report-analyst.ts';
import { createTestApp, registerBusiness, type TSession, type TTestApp } from './helpers/test-app.ts';
import { costsApi } from './helpers/costs.ts';

const todayLagos = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Issue 35: the built-in analyst's sections add up, it sees every module, and it flags records by name. */
describe('the analyst: sections that add up, and flags naming records', () => {
  let t: TTestApp;
  let owner: TSession;
  let api: ReturnType<typeof costsApi>;
  const today = todayLagos();
  const year = Number(today.slice(0, 4));
  // Two months with costs and a month between them with none; eight categories (so some go to "Other").
  const categories = ['Materials', 'Labour', 'Fuel', 'Transport', 'Security', 'Catering', 'Permits', 'Cleaning'];
  const rows = [
    ...categories.map((category, i) => ({ description: `${category} for the month`, category, amount: String(100000 + i * 10000), date: `${year - 1}-01-${String(10 + i).padStart(2, '0')}` })),
    ...categories.map((category, i) => ({ description: `${category} again`, category, amount: String(120000 + i * 10000), date: `${year - 1}-03-${String(10 + i).padStart(2, '0')}` })),
    // Three identical diesel payments on one day, and a cost dated next year.
    ...[1, 2, 3].map(() => ({ description: 'Diesel supply', category: 'Fuel', amount: '987,500', date: `${year - 1}-03-20` })),
    { description: 'Scaffolding hire', category: 'Materials', amount: '250000', date: `${year + 1}-02-14` },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app, { businessName: 'Analyst Builders', email: 'analyst@builders.ng' });
    api = costsApi(t.app, owner);
    expect((await api.addRecords('Lekki Tower', rows)).statusCode).toBe(201);
    expect((await api.payment('Lekki Tower', '5000000', `${year - 1}-03-25`)).statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  const storedFacts = async (id: string) => (await t.deps.db.select().from(aiReports).where(eq(aiReports.id, id)))[0].facts as TReportFacts;

  it("lists every month of the period and every category (with an Other line), each adding up to the report's total", async () => {
    const res = await api.list(`/api/v1/openAi/response-all/${owner.user.email}/Analyst%20Builders/NG`);
    expect(res.statusCode).toBe(200);
    const report = res.json().data as { _id: string; report: string; provider: string };
    expect(report.provider).toBe('builtin');
    const facts = await storedFacts(report._id);
    const total = facts.view.totals.overheadsMinor;
    expect(total).toBe(rows.reduce((s, r) => s + Number(r.amount.replace(/,/g, '')) * 100, 0));

    const period = wholeMonths(facts.view.months, facts.today!.slice(0, 7));
    const listed = [...period.months, ...(period.earlier ? [period.earlier] : [])];
    expect(listed.reduce((s, m) => s + m.overheadsMinor, 0)).toBe(total);
    // The empty month between the two with costs is listed as zero, not dropped.
    expect(report.report).toContain(`${year - 1}-02: overheads NGN 0.00`);
    expect(report.report).toContain(`Total of all months: overheads ${money(total)}`);

    expect(report.report).toMatch(/Other \(3 smaller categories\): NGN [\d,.]+/);
    const categoryLines = report.report.split('\n').filter((l) => /^- (.+): NGN [\d,.]+ \(\d+% of overheads\)\.$/.test(l));
    expect(categoryLines).toHaveLength(6);
    const amountOf = (line: string) => Number(/NGN ([\d,.]+)/.exec(line)![1].replace(/[,.]/g, ''));
    expect(categoryLines.reduce((s, l) => s + amountOf(l), 0)).toBe(total);
    expect(report.report).toContain(`Total of all categories: ${money(total)}`);
  });

  it('reads project costing from the ledger and procurement, energy and fleet through their services', async () => {
    const res = await api.list(`/api/v1/openAi/response-all/${owner.user.email}/Analyst%20Builders/NG`);
    const report = res.json().data as { _id: string; report: string };
    const facts = await storedFacts(report._id);
    expect(facts.ledger).toMatchObject({ actualMinor: facts.view.totals.overheadsMinor, bySource: [{ sourceKind: 'cost-record' }] });
    expect(facts.procurement).toMatchObject({ orders: 0, committedMinor: 0 });
    expect(facts.energy).toMatchObject({ costMinor: 0 });
    expect(facts.fleet).toMatchObject({ costMinor: 0 });
    expect(report.report).toContain('Project costing (every source on the project cost ledger)');
    expect(report.report).toContain('Procurement');
    expect(report.report).not.toContain('those modules have not reported figures');
  });

  it('flags three identical same-day payments and a cost dated next year, naming them, in the text and the facts', async () => {
    const res = await api.list(`/api/v1/openAi/response-one/${owner.user.email}/Lekki%20Tower/NG`);
    expect(res.statusCode).toBe(200);
    const report = res.json().data as { _id: string; report: string };
    const facts = await storedFacts(report._id);
    expect(facts.flags!.duplicates).toHaveLength(1);
    expect(facts.flags!.duplicates[0]).toHaveLength(3);
    expect(facts.flags!.duplicates[0][0]).toMatchObject({ description: 'Diesel supply', amountMinor: 98750000, date: `${year - 1}-03-20`, tagName: 'Lekki Tower' });
    expect(facts.flags!.outOfRange).toEqual([expect.objectContaining({ description: 'Scaffolding hire', date: `${year + 1}-02-14`, reason: 'future' })]);
    expect(report.report).toContain('Possible duplicates: 3 records of NGN 987,500.00 on the same day');
    expect(report.report).toContain(`20 March ${year - 1} · "Diesel supply" · NGN 987,500.00 · Lekki Tower`);
    expect(report.report).toContain(`Date in the future: 14 February ${year + 1} · "Scaffolding hire" · NGN 250,000.00 · Lekki Tower`);
    // German and French reports name the same records.
    const de = (await api.list(`/api/v1/openAi/response-one/${owner.user.email}/Lekki%20Tower/NG?language=de`)).json().data.report as string;
    expect(de).toContain('Mögliche Doppelungen: 3 Einträge');
    expect(de).toContain('"Scaffolding hire"');
  });

  it('checks records by rule: alike descriptions, the category median, and the business’s today', () => {
    const r = (id: string, description: string, amountMinor: number, date = '2026-05-01', category = 'Fuel') => ({ id, description, category, amountMinor, date, tagName: 'A' });
    const flags = reviewCosts([
      r('1', 'Diesel supply', 98750000), r('2', ' DIESEL  supply ', 98750000), r('3', 'Diesel supply to site', 98750000), r('4', 'Cement', 98750000),
      r('5', 'Diesel', 100, '2026-05-02'), r('6', 'Diesel', 110, '2026-05-03'), r('7', 'Diesel', 120, '2026-05-04'),
      r('9', 'Diesel', 130, '2026-05-05'), r('10', 'Diesel', 140, '2026-05-06'), r('11', 'Diesel', 150, '2026-05-07'), r('8', 'Old', 100, '2001-01-01', 'Misc'),
    ], '2026-06-01');
    expect(flags.duplicates.map((g) => g.map((x) => x.id))).toEqual([['1', '2', '3']]);
    expect(flags.outOfRange.map((x) => [x.id, x.reason])).toEqual([['8', 'tooOld']]);
    expect(flags.outliers.map((x) => x.id).sort()).toEqual(['1', '2', '3', '4']);
  });
});

const money = (minor: number) => `NGN ${(Math.floor(minor / 100)).toLocaleString('en-GB')}.${String(minor % 100).padStart(2, '0')}`;
