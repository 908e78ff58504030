/**
 * Issue 11 in the browser: today's register for three employees, portal check-ins inside and outside the
 * geofence (the browser's geolocation), an offline check-in queued on the phone that syncs when the
 * connection returns and appears on the register, and leave requested in the portal, approved by HR and
 * shown on the schedule.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assert, screenshot, seriousA11yViolations, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };
export type TTimeContext = { suite: TSuite; page: Page; browser: Browser; base: string; viewport: { width: number; height: number }; ownerEmail: string };

const STAMP = Date.now();
const HEAD_OFFICE = { latitude: 6.4541, longitude: 3.3947 };
const INSIDE = { latitude: 6.4546, longitude: 3.3949 };
const FAR_AWAY = { latitude: 6.5244, longitude: 3.3792 };
const PEOPLE = [
  { firstName: 'Chioma', lastName: 'Obi', employeeNumber: `TM-${STAMP % 100000}-1` },
  { firstName: 'Danjuma', lastName: 'Yusuf', employeeNumber: `TM-${STAMP % 100000}-2` },
  { firstName: 'Efua', lastName: 'Mensah', employeeNumber: `TM-${STAMP % 100000}-3` },
];

const expectAccessible = async (target: Page, where: string) => {
  const violations = await seriousA11yViolations(target);
  assert(violations.length === 0, `${where}: serious/critical accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

/** The next Monday–Friday after today (Lagos) that is not a fixed public holiday. */
const nextWorkingDay = () => {
  const d = new Date(Date.now() + 60 * 60 * 1000);
  for (;;) {
    d.setUTCDate(d.getUTCDate() + 1);
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() % 6 !== 0 && !/-(01-01|05-01|06-12|10-01|12-25|12-26)$/.test(iso)) return iso;
  }
};

export const registerTimeFlows = ({ suite, page, browser, base, viewport, ownerEmail }: TTimeContext) => {
  const people: Array<{ _id: string; portalCode: string; name: string; employeeNumber: string }> = [];
  const api = async (method: string, url: string, body?: unknown) => {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
    const res = await fetch(`${base}/api/v1${url}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, json: await res.json() as { data: any; message?: string } };
  };

  const PORTAL_PIN = '604219';
  const withPin = new Set<string>();
  /** The employee's phone: its own browser, with location access granted at a place. */
  const openPortal = async (portalCode: string, where: { latitude: number; longitude: number }) => {
    const context: BrowserContext = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'en-GB', timezoneId: 'Africa/Lagos', geolocation: { ...where, accuracy: 15 }, permissions: ['geolocation'] });
    const portal = await context.newPage();
    portal.setDefaultTimeout(waitMs(15_000));
    await portal.goto('/portal');
    await portal.getByRole('textbox', { name: 'Portal code' }).fill(portalCode);
    await portal.getByRole('button', { name: 'Open my portal' }).click();
    // The first sign-in with a code chooses the PIN; later ones ask for it.
    if (withPin.has(portalCode.toUpperCase())) {
      await portal.getByLabel('PIN', { exact: true }).fill(PORTAL_PIN);
      await portal.getByRole('button', { name: 'Open my portal' }).click();
    } else {
      await portal.getByLabel('New PIN').fill(PORTAL_PIN);
      await portal.getByLabel('The same PIN again').fill(PORTAL_PIN);
      await portal.getByRole('button', { name: 'Save my PIN' }).click();
      withPin.add(portalCode.toUpperCase());
    }
    await portal.getByTestId('portal-checkin-status').waitFor();
    return { context, portal };
  };

  suite.test('time: take today\'s register for three employees with one click each', async () => {
    const claims = JSON.parse(Buffer.from((await page.evaluate(() => localStorage.getItem('jwtToken')))!.split('.')[1], 'base64url').toString());
    for (const p of PEOPLE) {
      const res = await api('POST', `/employee/create/${claims.id}`, { ...p, email: `${p.firstName.toLowerCase()}+${STAMP}@adebayofoods.ng`, startDate: '2025-01-06' });
      assert(res.status === 201, `employee created (${res.status} ${JSON.stringify(res.json)})`);
      people.push({ _id: res.json.data._id, portalCode: res.json.data.portalCode, name: `${p.firstName} ${p.lastName}`, employeeNumber: p.employeeNumber });
    }
    const site = await api('POST', '/attendance/save-coordinates', { userId: claims.id, coordinates: HEAD_OFFICE, type: 'office', name: 'Apapa head office' });
    assert(site.status === 201, `site saved (${site.status})`);

    await page.goto(`/attendance/${encodeURIComponent(ownerEmail)}`);
    await page.getByRole('heading', { level: 1, name: 'Attendance' }).waitFor();
    const labels = ['present', 'late', 'absent'] as const;
    for (const [i, p] of people.entries()) {
      const button = page.getByTestId(`mark-${p.employeeNumber}-${labels[i]}`);
      await button.click();
      await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('aria-pressed') === 'true', `mark-${p.employeeNumber}-${labels[i]}`);
    }
    const register = await api('GET', `/employee/all-attendance/${encodeURIComponent(ownerEmail)}/0`);
    for (const [i, p] of people.entries()) {
      const mark = register.json.data.marks.find((m: { employeeId: string }) => m.employeeId === p._id);
      assert(mark?.label === labels[i], `${p.name} is marked ${labels[i]} on the register (${JSON.stringify(mark)})`);
    }
    await expectAccessible(page, 'attendance register');
    await screenshot(page, `time-register-${viewport.width}`);
    await page.getByTestId('attendance-tab-month').click();
    await page.getByTestId('month-grid').waitFor();
    await expectAccessible(page, 'attendance month grid');
  });

  suite.test('time: a portal check-in inside the geofence is accepted, one outside is refused with the distance', async () => {
    const inside = await openPortal(people[0].portalCode.toLowerCase(), INSIDE);
    try {
      await inside.portal.getByText('You have not checked in today.').waitFor();
      await inside.portal.getByTestId('portal-check-in').click();
      await inside.portal.getByTestId('portal-checkin-status').filter({ hasText: 'Checked in at' }).waitFor();
      await expectAccessible(inside.portal, 'portal with check-in, leave and complaints');
      await screenshot(inside.portal, 'time-portal-390');
    } finally {
      await inside.context.close();
    }
    const outside = await openPortal(people[1].portalCode, FAR_AWAY);
    try {
      await outside.portal.getByTestId('portal-check-in').click();
      await outside.portal.getByText(/Check-in refused: you are [\d,]+ m from the nearest site, Apapa head office/).waitFor();
      await outside.portal.getByText('You have not checked in today.').waitFor();
    } finally {
      await outside.context.close();
    }
  });

  suite.test('time: offline, a check-in waits on the phone and syncs to the register when the connection returns', async () => {
    const { context, portal } = await openPortal(people[2].portalCode, INSIDE);
    try {
      await context.setOffline(true);
      await portal.getByTestId('portal-check-in').click();
      await portal.getByTestId('portal-waiting').filter({ hasText: 'Waiting to sync' }).waitFor();
      const before = await api('GET', `/attendance/getAttendance/${people[2]._id}`);
      assert(before.json.data.checkins.length === 0, 'nothing reached the server while offline');
      await context.setOffline(false);
      await portal.getByTestId('portal-waiting').waitFor({ state: 'detached' });
      await portal.getByTestId('portal-checkin-status').filter({ hasText: 'Checked in at' }).waitFor();
    } finally {
      await context.close();
    }
    await page.goto(`/attendance/${encodeURIComponent(ownerEmail)}`);
    await page.getByTestId(`register-row-${people[2].employeeNumber}`).getByTestId('register-checkin').filter({ hasText: 'Apapa head office' }).waitFor();
  });

  suite.test('time: the employee requests leave in the portal, HR approves, the schedule shows it', async () => {
    const day = nextWorkingDay();
    const { context, portal } = await openPortal(people[0].portalCode, INSIDE);
    try {
      await portal.getByTestId('portal-request-leave').click();
      const dialog = portal.getByRole('dialog', { name: 'Request leave' });
      await dialog.getByRole('combobox', { name: 'Type' }).click();
      await portal.getByRole('option', { name: 'Sick leave' }).click();
      await dialog.getByTestId('leave-start').fill(day);
      await dialog.getByTestId('leave-end').fill(day);
      await dialog.getByTestId('leave-reason').fill('Dental surgery');
      await dialog.getByRole('button', { name: 'Request leave' }).click();
      await dialog.waitFor({ state: 'detached' });
      await portal.getByTestId('portal-leave-status').filter({ hasText: 'Pending' }).waitFor();
    } finally {
      await context.close();
    }
    await page.goto('/leave/Main');
    await page.getByRole('heading', { level: 1, name: 'Leave' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Chioma Obi' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('row').filter({ hasText: 'Chioma Obi' }).waitFor({ state: 'detached' });
    await expectAccessible(page, 'leave');
    await page.goto('/schedule');
    await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
    const settings = await api('GET', '/attendance/settings');
    if (day.slice(0, 7) !== settings.json.data.today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByTestId(`schedule-day-${day}`).getByText('Chioma Obi · Sick leave').waitFor();
    await expectAccessible(page, 'schedule');
    await screenshot(page, `time-schedule-${viewport.width}`);
  });
};
