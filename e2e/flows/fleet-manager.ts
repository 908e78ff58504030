/**
 * Issue 34 in the browser: the fleet manager (the owner of a business of its own, so also the approver) adds a truck
 * whose insurance expires in 10 days and whose 6-month service is due, sees both on the dashboard's reminders, opens
 * the truck page from the reminder, records two fuel entries with odometer readings and reads km per litre; then tries
 * to assign a truck booked for those dates: the picker shows it booked, and the server refuses naming the clash. The
 * truck page on a phone (390 × 844) without horizontal overflow. Axe on each screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, screenshot, expectAccessible, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TFleetManagerContext = { suite: TSuite; browser: Browser; base: string; viewport: { width: number; height: number } };

const STAMP = Date.now();
const OWNER = { businessName: 'Lekki Haulage Ltd', userName: 'Tunde Bakare', email: `tunde+${STAMP}@lekkihaulage.ng`, password: 'Lekki-Haulage-Fleet-2026' };
const PLATE = `LND-${String(STAMP).slice(-3)}-AA`;
const BOOKED = `LND-${String(STAMP).slice(-3)}-BB`;
const PHONE = { width: 390, height: 844 };

const shiftDay = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const shiftMonths = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};


export const registerFleetManagerFlows = ({ suite, browser, base, viewport }: TFleetManagerContext) => {
  const state = { context: null as BrowserContext | null, page: null as Page | null, today: '', truckId: '', bookedId: '' };
  const page = () => state.page!;
  const call = async (method: string, path: string, body?: unknown) => {
    const bearer = await page().evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${path}`, { method, headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    assert(res.ok, `${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as { data: any };
  };

  suite.test('fleet manager: adds a truck with insurance expiring in 10 days and a service due, and sees both on the dashboard', async () => {
    const registered = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ businessName: OWNER.businessName, userName: OWNER.userName, email: OWNER.email, password: OWNER.password, country: 'NG' }),
    });
    assert(registered.ok, `the business is registered (${registered.status} ${await registered.text()})`);
    state.context = await browser.newContext({ baseURL: base, viewport, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    state.page = await state.context.newPage();
    page().setDefaultTimeout(waitMs(20_000));
    await page().goto('/login');
    await page().getByLabel('E-mail address').fill(OWNER.email);
    await page().getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().waitForURL((url) => url.pathname === '/');
    state.today = (await call('GET', '/attendance/settings')).data.today;
    await call('POST', '/places', { kind: 'project', name: 'Ikoyi Tower' });
    await call('POST', '/places', { kind: 'project', name: 'Lekki Phase 2' });

    await page().goto('/fleet-requisition');
    await page().getByRole('heading', { level: 1, name: 'Fleet requisitions' }).waitFor();
    await page().getByRole('button', { name: 'Add truck' }).click();
    const dialog = page().getByRole('dialog', { name: 'Add a truck to the fleet' });
    await dialog.getByLabel('Plate number').fill(PLATE);
    await dialog.getByLabel('Model').fill('Mack Granite');
    await dialog.getByLabel('Capacity').fill('20 tonnes');
    await dialog.getByLabel('Insurance expires').fill(shiftDay(state.today, 10));
    await dialog.getByLabel('Service every (months)').fill('6');
    await dialog.getByLabel('Last service on').fill(shiftMonths(shiftDay(state.today, -3), -6));
    await expectAccessible(page(), 'add truck dialog');
    await dialog.getByRole('button', { name: 'Add truck' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page().getByRole('row').filter({ hasText: PLATE }).getByText('Due now').waitFor();

    await page().goto('/');
    const card = page().getByTestId('reminders-card');
    const insurance = card.getByRole('link').filter({ hasText: PLATE }).filter({ hasText: 'Insurance expires' });
    await insurance.waitFor();
    await insurance.getByText('in 10 days').waitFor();
    await card.getByRole('link').filter({ hasText: PLATE }).filter({ hasText: 'Service due' }).waitFor();
    await expectAccessible(page(), 'dashboard with fleet reminders');
    await screenshot(page(), 'fleet-reminders-1280');
  });

  suite.test('fleet manager: opens the truck page from the reminder and reads km per litre from two fuel entries', async () => {
    await page().getByTestId('reminders-card').getByRole('link').filter({ hasText: PLATE }).filter({ hasText: 'Insurance expires' }).click();
    await page().waitForURL(/\/fleet\/[0-9a-f-]{36}$/);
    state.truckId = page().url().split('/').pop()!;
    await page().getByRole('heading', { level: 1, name: new RegExp(PLATE) }).waitFor();
    for (const [km, litres, cost] of [['10000', '100', '100,000'], ['10450', '150', '150,000']]) {
      await page().getByRole('button', { name: 'Fuel or maintenance' }).click();
      const entry = page().getByRole('dialog', { name: `Fuel or maintenance for ${PLATE}` });
      await entry.getByLabel('Litres').fill(litres!);
      await entry.getByLabel('Odometer (km)').fill(km!);
      await entry.getByLabel('Cost').fill(cost!);
      await entry.getByRole('button', { name: 'Save' }).click();
      await entry.waitFor({ state: 'detached' });
    }
    await page().getByTestId('km-per-litre').getByText('3.0').waitFor();
    // A lower reading is refused, naming the last one.
    await page().getByRole('button', { name: 'Fuel or maintenance' }).click();
    const lower = page().getByRole('dialog', { name: `Fuel or maintenance for ${PLATE}` });
    await lower.getByLabel('Litres').fill('20');
    await lower.getByLabel('Odometer (km)').fill('10400');
    await lower.getByLabel('Cost').fill('20,000');
    await lower.getByRole('button', { name: 'Save' }).click();
    await lower.getByText(/lower than the last reading, 10,450 km/).waitFor();
    await lower.getByRole('button', { name: 'Cancel' }).click();
    await lower.waitFor({ state: 'detached' });
    await expectAccessible(page(), 'truck page');
    await screenshot(page(), 'fleet-truck-page-1280');
  });

  suite.test('fleet manager: the picker shows a booked truck as booked, and assigning it is refused naming the clash', async () => {
    const booked = (await call('POST', '/inventory/create-truck', { plateNumber: BOOKED, model: 'Sinotruk Howo', capacity: '30 tonnes', fuelType: 'diesel' })).data;
    state.bookedId = booked._id;
    await call('POST', '/inventory/add-truck', { truckId: booked._id, tagName: 'Ikoyi Tower', startDate: '2031-03-01', endDate: '2031-03-10' });
    await page().goto('/fleet-requisition');
    await page().getByRole('row').filter({ hasText: BOOKED }).getByRole('button', { name: 'Assign to project' }).click();
    const dialog = page().getByRole('dialog', { name: `Assign ${BOOKED} to a project` });
    await dialog.getByRole('combobox', { name: 'Project' }).fill('Lekki');
    await page().getByRole('option', { name: 'Lekki Phase 2' }).click();
    await dialog.getByLabel(/^From/).fill('2031-03-05');
    await dialog.getByLabel(/^To/).fill('2031-03-06');
    await dialog.getByRole('combobox', { name: 'Truck to book' }).click();
    const option = page().getByRole('option', { name: new RegExp(`${BOOKED}.*Booked for Ikoyi Tower until .*2031`) });
    await option.waitFor();
    assert(!(await option.innerText()).includes('2031-03-10'), `the booking's end is a formatted date, not ISO (${await option.innerText()})`);
    assert(await option.getAttribute('aria-disabled') === 'true', 'the booked truck cannot be chosen');
    await page().getByRole('option', { name: new RegExp(`${PLATE}.*Free`) }).waitFor();
    await page().keyboard.press('Escape');
    await page().waitForFunction(() => !document.querySelector('[role="listbox"]'));
    // The row's truck stays chosen: the server refuses it and names the other booking.
    await dialog.getByRole('button', { name: 'Assign to project' }).click();
    await dialog.getByText(/already booked .*for Ikoyi Tower/).waitFor();
    await expectAccessible(page(), 'assign dialog with the clash');
    await screenshot(page(), 'fleet-assign-clash-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  suite.test('fleet manager: the truck page on a phone', async () => {
    await page().setViewportSize(PHONE);
    await page().goto(`/fleet/${state.truckId}`);
    await page().getByTestId('km-per-litre').getByText('3.0').waitFor();
    const o = await page().evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    assert(o.scroll <= o.inner, `nothing overflows the phone horizontally (${o.scroll} > ${o.inner})`);
    await expectAccessible(page(), 'truck page on a phone');
    await screenshot(page(), 'fleet-truck-page-390');
    await page().goto('/');
    await page().getByTestId('reminders-card').getByRole('link').filter({ hasText: PLATE }).first().waitFor();
    await expectAccessible(page(), 'dashboard on a phone');
    await state.context!.close();
  });
};
