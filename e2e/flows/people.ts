/**
 * Issue 4 in the browser: employees (create with a new designation and a department, edit, documents, import
 * with row errors, export, delete), the department view, collection points, the summary, and the portal — the
 * employee's own page in a browser without the staff session, showing nobody else's data.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { a11yViolations, assert, screenshot, waitMs } from '../lib/harness.ts';

type TSuite = { test: (name: string, run: () => Promise<void>) => void };

export type TPeopleContext = {
  suite: TSuite;
  page: Page;
  browser: Browser;
  base: string;
  viewport: { width: number; height: number };
  ownerEmail: string;
};

const expectAccessible = async (target: Page, where: string) => {
  const violations = await a11yViolations(target);
  assert(violations.length === 0, `${where}: accessibility violations:\n${JSON.stringify(violations, null, 2)}`);
};

const STAMP = Date.now();
const EMPLOYEE = { firstName: 'Ngozi', lastName: 'Eze', email: `ngozi.eze+${STAMP}@adebayofoods.ng`, phone: '+234 803 555 0101' };
const DEPARTMENT = 'Logistics';
const MOBILE = { width: 390, height: 844 };
const DESIGNATION = 'Warehouse supervisor';
/** Spreadsheet rows of the import (the header is row 1) that carry an error. */
const BAD_EMAIL_ROW = 13;
const BAD_DEPARTMENT_ROW = 40;
const IMPORTED_SURNAME = 'Bakare';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** 50 employees; row 13 has a bad e-mail and row 40 a department that does not exist. */
const importCsv = () => {
  const lines = ['First name,Last name,Email,Phone,Gender,Employment type,Start date,Department'];
  for (let row = 2; row <= 51; row++) {
    const n = row - 1;
    const email = row === BAD_EMAIL_ROW ? 'tunde.at.example' : `tunde${n}+${STAMP}@adebayofoods.ng`;
    const department = row === BAD_DEPARTMENT_ROW ? 'Nowhere' : DEPARTMENT;
    lines.push(`Tunde ${n},${IMPORTED_SURNAME},${email},+234 802 000 ${String(1000 + n)},male,full-time,2025-${String((n % 12) + 1).padStart(2, '0')}-01,${department}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
};

export const registerPeopleFlows = ({ suite, page, browser, base, viewport, ownerEmail }: TPeopleContext) => {
  const state = { employeeId: '', portalCode: '', employeeCode: '', unit: '', collectorCode: '' };
  const PORTAL_PIN = '604219';
  const token = () => page.evaluate(() => localStorage.getItem('jwtToken'));

  suite.test('people: create an employee with a department and a designation made inline', async () => {
    // The department comes from Settings (POST /auth/department/{email}, multipart).
    const form = new FormData();
    form.append('department', JSON.stringify({ name: DEPARTMENT, description: 'Stores, dispatch and the fleet yard' }));
    const res = await fetch(`${base}/api/v1/auth/department/${encodeURIComponent(ownerEmail)}`, { method: 'POST', headers: { Authorization: `Bearer ${await token()}` }, body: form });
    assert(res.status === 201, `department created (${res.status} ${await res.text()})`);

    await page.goto('/employee');
    await page.getByRole('heading', { level: 1, name: 'Employees' }).waitFor();
    await page.getByTestId('add-employee').click();
    await page.waitForURL('**/new-employee');
    await page.getByRole('heading', { level: 1, name: 'Add an employee' }).waitFor();
    // The contract's schema speaks first: nothing is sent while required fields are empty.
    await page.getByRole('button', { name: 'Add employee' }).click();
    await page.getByText('This field is required').first().waitFor();

    await page.getByLabel('First name').fill(EMPLOYEE.firstName);
    await page.getByLabel('Last name').fill(EMPLOYEE.lastName);
    await page.getByLabel('E-mail address').fill(EMPLOYEE.email);
    await page.getByLabel('Phone', { exact: true }).fill(EMPLOYEE.phone);
    await page.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: DEPARTMENT }).click();
    await page.getByRole('button', { name: 'New designation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New designation' });
    await dialog.getByLabel('Designation').fill(DESIGNATION);
    await dialog.getByRole('button', { name: 'Create designation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Designation' }).filter({ hasText: DESIGNATION }).waitFor();
    await expectAccessible(page, 'new employee');
    await page.getByRole('button', { name: 'Add employee' }).click();

    // The codes are shown once, in the create's dialog; the record never shows them again.
    const issued = page.getByRole('dialog', { name: 'Codes for Ngozi Eze' });
    await issued.waitFor();
    state.portalCode = (await issued.getByTestId('portal-code').textContent())!.trim();
    state.employeeCode = (await issued.getByTestId('employee-code').textContent())!.trim();
    assert(/^[A-Z0-9]{10}$/.test(state.portalCode), `a portal code is shown (${state.portalCode})`);
    await issued.getByRole('button', { name: 'I have noted the codes' }).click();
    await page.waitForURL((url) => url.pathname === '/employee-detail' && url.searchParams.has('id'));
    state.employeeId = new URL(page.url()).searchParams.get('id')!;
    await page.getByRole('heading', { level: 1, name: 'Ngozi Eze' }).waitFor();
    const job = page.getByTestId('employee-job');
    await job.getByText(DESIGNATION).waitFor();
    await job.getByText(DEPARTMENT, { exact: false }).waitFor();
    assert(!(await page.locator('body').innerText()).includes(state.portalCode), 'the record does not show the portal code');
  });

  suite.test('people: a second employee with the same e-mail gets the server message on the field', async () => {
    await page.goto('/new-employee');
    await page.getByLabel('First name').fill('Copy');
    await page.getByLabel('Last name').fill('Cat');
    await page.getByLabel('E-mail address').fill(EMPLOYEE.email);
    await page.getByRole('button', { name: 'Add employee' }).click();
    await page.getByRole('alert').filter({ hasText: 'An employee with this e-mail already exists in this business' }).waitFor();
    assert((await page.getByLabel('E-mail address').getAttribute('aria-invalid')) === 'true', 'the e-mail field is marked');
  });

  suite.test('people: edit the employee', async () => {
    await page.goto(`/employee-detail?id=${state.employeeId}`);
    await page.getByTestId('edit-employee').click();
    await page.waitForURL(`**/employee-update/${state.employeeId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Ngozi Eze' }).waitFor();
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Creek Road, Apapa, Lagos');
    await page.getByLabel('Next of kin', { exact: true }).fill('Chika Eze');
    // Issue 10: typed with the locale's thousands separators, previewed in naira while typing, grouped on leaving.
    const gross = page.getByLabel('Annual gross income');
    await gross.fill('6,000,000');
    await page.getByText('₦6,000,000.00', { exact: false }).first().waitFor();
    await gross.blur();
    assert((await gross.inputValue()) === '6,000,000.00', `the amount is shown grouped (${await gross.inputValue()})`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === '/employee-detail');
    const profile = page.getByTestId('employee-profile');
    await profile.getByText('14 Creek Road, Apapa, Lagos').waitFor();
    await profile.getByText('Chika Eze').waitFor();
    await page.getByTestId('employee-job').getByText(/6,000,000/).waitFor();
  });

  suite.test('people: on a phone the employees list keeps each row\'s actions on screen, and they work', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/employee');
      const row = page.getByRole('row').filter({ hasText: 'Ngozi Eze' });
      await row.waitFor();
      const open = row.getByRole('menuitem', { name: 'Open record' }).or(row.getByRole('button', { name: 'Open record' })).first();
      const box = await open.boundingBox();
      assert(box && box.x >= 0 && box.x + box.width <= 390, `the row's actions are within the 390 px screen (${JSON.stringify(box)})`);
      await expectAccessible(page, 'employees on a phone');
      await open.click();
      await page.waitForURL((url) => url.pathname === '/employee-detail');
      await page.getByRole('heading', { level: 1, name: 'Ngozi Eze' }).waitFor();
    } finally {
      await page.setViewportSize(viewport);
    }
  });

  suite.test('search: Ctrl+K from any page finds the employee by name, grouped by area; Enter opens her record', async () => {
    for (const start of ['/user', '/tracker']) {
      await page.goto(start);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.keyboard.press('Control+k');
      const input = page.getByRole('combobox', { name: 'Search…' });
      await input.waitFor();
      await input.pressSequentially('ngozi e');
      const results = page.getByTestId('search-results');
      await results.getByRole('group', { name: 'Employees' }).getByRole('option', { name: /Ngozi Eze/ }).waitFor();
      if (start === '/user') await expectAccessible(page, 'top-bar search with results');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/employee-detail' && url.searchParams.get('id') === state.employeeId);
      await page.getByRole('heading', { level: 1, name: 'Ngozi Eze' }).waitFor();
    }
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search…' }).pressSequentially('zzzz-nobody');
    await page.getByTestId('search-results').getByText('Nothing found for “zzzz-nobody”').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('search-open').waitFor();
  });

  suite.test('people: upload a document, see it listed, download it; add an HR note', async () => {
    await page.getByTestId('document-file-input').setInputFiles({ name: 'employment-contract.pdf', mimeType: 'application/pdf', buffer: PDF });
    const list = page.getByTestId('documents-list');
    await list.getByText('employment-contract.pdf').waitFor();
    const download = page.waitForEvent('download');
    await list.getByRole('button', { name: 'Download: employment-contract.pdf' }).click();
    assert((await download).suggestedFilename() === 'employment-contract.pdf', 'the document downloads under its name');
    await page.getByLabel('New note').fill('Probation review due in June.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Probation review due in June.').last().waitFor();
    await expectAccessible(page, 'employee detail');
  });

  suite.test('people: import a 50-row CSV — both row errors shown, "Import all" refused, valid rows imported', async () => {
    await page.goto('/employee');
    await page.getByTestId('import-button').click();
    // The dialog's title changes when the import is done, so it is found by role alone.
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('import-file-input').setInputFiles({ name: 'staff-march.csv', mimeType: 'text/csv', buffer: importCsv() });
    const errors = dialog.getByTestId('import-errors');
    await errors.getByText(`row ${BAD_EMAIL_ROW}: email`, { exact: false }).waitFor();
    await errors.getByText(`row ${BAD_DEPARTMENT_ROW}: department`, { exact: false }).waitFor();
    await dialog.getByText('2 problems found').waitFor();
    assert(await dialog.getByRole('button', { name: 'Import all' }).isDisabled(), '"Import all" is refused while rows have errors');
    await dialog.getByRole('button', { name: 'Import 48 valid rows' }).click();
    await dialog.getByTestId('import-result').getByText('48 employees added').waitFor({ timeout: 30_000 });
    await dialog.getByText('2 rows with errors left out').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('employee-count').getByText(/^49 employees$/).waitFor();
  });

  suite.test('people: search, filter and sort go to the server and the address; export the same list', async () => {
    await page.getByRole('textbox', { name: 'Search employees' }).fill('ngozi');
    await page.waitForURL((url) => url.searchParams.get('search') === 'ngozi');
    await page.getByTestId('employee-count').getByText(/^1 employee$/).waitFor();
    await page.getByRole('link', { name: 'Ngozi Eze' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-csv').click();
    const file = await download;
    assert(/\.csv$/.test(file.suggestedFilename()), `export is a CSV (${file.suggestedFilename()})`);
    const text = await readFile(await file.path(), 'utf8');
    assert(text.includes(EMPLOYEE.email) && !text.includes(IMPORTED_SURNAME), 'the export holds the filtered list only');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('employee-count').getByText(/^49 employees$/).waitFor();
    // Each click shows in the address and on screen: the header's sort and the rows in that order.
    const numberHeader = page.getByRole('columnheader', { name: 'Employee number' });
    const shownSortedBy = async (order: 'ascending' | 'descending') => {
      await numberHeader.and(page.locator(`[aria-sort="${order}"]`)).waitFor();
      await page.waitForFunction((descending) => {
        const numbers = [...document.querySelectorAll('[role="gridcell"][data-field="employeeNumber"]')].map((cell) => cell.textContent ?? '');
        const sorted = [...numbers].sort();
        if (descending) sorted.reverse();
        return numbers.length > 1 && numbers.join() === sorted.join();
      }, order === 'descending');
    };
    await numberHeader.click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'employeeNumber' && url.searchParams.get('order') === 'asc');
    await shownSortedBy('ascending');
    await numberHeader.click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'desc');
    await shownSortedBy('descending');
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await page.waitForURL((url) => !url.searchParams.has('sort'));
    await page.waitForTimeout(500);
    await expectAccessible(page, 'employees');
    await screenshot(page, 'employee-1280x800');
  });

  suite.test('people: delete asks first and says payslips and history are kept', async () => {
    await page.getByRole('textbox', { name: 'Search employees' }).fill('Tunde 7 ');
    await page.getByTestId('employee-count').getByText(/^1 employee$/).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Tunde 7 Bakare' });
    await row.getByRole('menuitem', { name: 'Delete employee' }).or(row.getByRole('button', { name: 'Delete employee' })).first().click();
    const confirm = page.getByRole('dialog', { name: 'Delete Tunde 7 Bakare?' });
    await confirm.getByText('Their payslips and history are kept.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete employee' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId('employee-count').getByText(/^0 employees$/).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
  });

  suite.test('people: department view — employees, upload a file, add a video, remove asks first', async () => {
    await page.goto(`/department-view/${encodeURIComponent('Adebayo Foods Ltd')}/${DEPARTMENT}`);
    await page.getByRole('heading', { level: 1, name: DEPARTMENT }).waitFor();
    await page.getByRole('link', { name: 'Ngozi Eze' }).waitFor();
    await page.getByTestId('department-file-input').setInputFiles({ name: 'dispatch-procedure.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('department-files').getByText('dispatch-procedure.pdf').waitFor();
    await page.getByRole('button', { name: 'Add video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a training video' });
    await dialog.getByLabel('Video address').fill('https://www.youtube.com/watch?v=forklift-safety');
    await dialog.getByLabel('Title').fill('Forklift safety');
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await dialog.waitFor({ state: 'detached' });
    const videos = page.getByTestId('department-videos');
    await videos.getByRole('link', { name: 'Forklift safety' }).waitFor();
    await videos.getByRole('button', { name: 'Remove: Forklift safety' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Forklift safety?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No training videos yet').waitFor();
    await page.getByTestId('department-files').getByText('dispatch-procedure.pdf').waitFor();
  });

  suite.test('collection points: create one for the department and show its code', async () => {
    await page.goto(`/collection/${DEPARTMENT}`);
    await page.getByRole('heading', { level: 1, name: `Data collection points · ${DEPARTMENT}` }).waitFor();
    await page.getByText('No data collection points here yet').waitFor();
    await page.getByTestId('add-collection-point').click();
    const dialog = page.getByRole('dialog', { name: 'Add a data collection point' });
    await dialog.getByLabel('Project (tag)').fill('apapa-yard');
    await page.getByRole('option', { name: 'Add “apapa-yard” as a new project' }).click();
    // The new project is made and chosen before the next field is typed into.
    await page.waitForFunction(() => [...document.querySelectorAll('[role="dialog"] input')].some((i) => (i as HTMLInputElement).value === 'apapa-yard'));
    await dialog.getByRole('combobox', { name: 'Employee', exact: true }).fill('Ngozi');
    await page.getByRole('option', { name: /Ngozi Eze/ }).click();
    await dialog.getByLabel('Project description').fill('Container yard extension');
    await dialog.getByRole('button', { name: 'Create collection point' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('collection-point').filter({ hasText: 'apapa-yard' });
    await card.getByText('Ngozi Eze', { exact: false }).waitFor();
    state.collectorCode = (await card.locator('code').textContent())!.trim();
    assert(/^[A-Z0-9]{10}$/.test(state.collectorCode), `the point's data code is shown (${state.collectorCode})`);
    await card.getByRole('button', { name: 'Copy the data code of apapa-yard' }).waitFor();
  });

  suite.test('on a phone every Settings tab is in sight; an access point opens its collection page', async () => {
    await page.setViewportSize(MOBILE);
    try {
      await page.goto('/user');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      for (const name of ['Users and roles', 'Departments', 'Designations', 'Access points']) {
        const box = await page.getByRole('tab', { name }).boundingBox();
        assert(box && box.x >= 0 && box.x + box.width <= MOBILE.width && box.width > 0, `the ${name} tab is on screen at 390 px (${JSON.stringify(box)})`);
      }
      assert((await page.evaluate(() => document.documentElement.scrollWidth)) <= MOBILE.width, 'Settings does not scroll sideways at 390 px');
      await page.getByRole('tab', { name: 'Access points' }).click();
      await page.getByRole('tab', { name: 'Access points', selected: true }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Data collection points' }).waitFor();
      await expectAccessible(page, 'settings: access points at 390 px');
      await page.getByRole('link', { name: 'apapa-yard' }).click();
      await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/collection/${DEPARTMENT}`);
      await page.getByTestId('collection-point').filter({ hasText: 'apapa-yard' }).waitFor();
    } finally {
      await page.setViewportSize(viewport);
    }
  });

  suite.test('the employee form in German: no select label runs under its arrow, at 390 px or on a desktop', async () => {
    await page.goto('/new-employee');
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-de').click();
    try {
      for (const size of [MOBILE, viewport]) {
        await page.setViewportSize(size);
        await page.locator('label').filter({ hasText: /^Stellenbezeichnung$/ }).first().waitFor();
        await page.waitForTimeout(300);
        const overlaps = await page.evaluate(() =>
          [...document.querySelectorAll('.MuiFormControl-root')]
            .filter((field) => field.querySelector('.MuiSelect-icon, .MuiAutocomplete-endAdornment'))
            .map((field) => ({
              label: field.querySelector('.MuiInputLabel-root')?.textContent ?? '',
              right: field.querySelector('.MuiInputLabel-root')?.getBoundingClientRect().right ?? 0,
              arrow: field.querySelector('.MuiSelect-icon, .MuiAutocomplete-endAdornment')!.getBoundingClientRect().left,
            }))
            .filter((f) => f.right > f.arrow),
        );
        assert(overlaps.length === 0, `labels under the arrow at ${size.width} px: ${JSON.stringify(overlaps)}`);
      }
      await expectAccessible(page, 'new employee in German');
    } finally {
      await page.setViewportSize(viewport);
      await page.getByTestId('language-button').click();
      await page.getByTestId('language-en').click();
    }
  });

  suite.test('employee summary: headcount and charts', async () => {
    await page.goto('/employee-summary');
    await page.getByRole('heading', { level: 1, name: 'Employee summary' }).waitFor();
    await page.getByRole('img', { name: /^Headcount by department: .*Logistics \d+/ }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
  });

  suite.test('portal: the employee code opens only their own page; the staff session is untouched', async () => {
    const staffToken = await token();
    // The employee's own phone: a browser without the staff session.
    const context: BrowserContext = await browser.newContext({ baseURL: base, viewport, locale: 'en-GB', timezoneId: 'Africa/Lagos' });
    try {
      const portal = await context.newPage();
      portal.setDefaultTimeout(waitMs(15_000));
      const errors: string[] = [];
      portal.on('pageerror', (error) => errors.push(error.message));
      await portal.goto('/portal');
      await portal.getByRole('heading', { level: 1, name: 'Employee portal' }).waitFor();
      await portal.getByRole('textbox', { name: 'Portal code' }).fill('WRNGCDE234');
      await portal.getByRole('button', { name: 'Open my portal' }).click();
      await portal.getByRole('alert').filter({ hasText: 'This portal code is not valid' }).waitFor();
      await portal.getByRole('textbox', { name: 'Portal code' }).fill(state.portalCode.toLowerCase());
      await portal.getByRole('button', { name: 'Open my portal' }).click();
      // First sign-in: the employee chooses a PIN before anything else opens.
      await portal.getByRole('heading', { name: 'Choose your PIN' }).waitFor();
      await portal.getByLabel('New PIN').fill(PORTAL_PIN);
      await portal.getByLabel('The same PIN again').fill(PORTAL_PIN);
      await portal.getByRole('button', { name: 'Save my PIN' }).click();
      await portal.getByRole('heading', { level: 1, name: 'Hello, Ngozi' }).waitFor();
      await portal.getByTestId('portal-profile').getByText('14 Creek Road, Apapa, Lagos').waitFor();
      await portal.getByTestId('documents-list').getByText('employment-contract.pdf').waitFor();
      await portal.getByText('No payslips yet').waitFor();
      await portal.getByText('No leave requests yet').waitFor();
      await portal.waitForTimeout(400);
      const body = await portal.locator('body').innerText();
      assert(!body.includes(IMPORTED_SURNAME) && !body.includes('Tunde'), 'no other employee appears in the portal');
      assert(!body.includes('Probation review'), 'HR notes are not shown in the portal');
      const stored = await portal.evaluate(() => ({ portal: sessionStorage.getItem('portalToken'), staff: localStorage.getItem('jwtToken') }));
      assert(stored.portal && stored.staff === null, 'the portal token is in sessionStorage and no staff token exists');

      // The employee changes their own phone.
      await portal.getByRole('button', { name: 'Update my details' }).click();
      const dialog = portal.getByRole('dialog', { name: 'Update my details' });
      await dialog.getByLabel('Phone', { exact: true }).fill('+234 803 555 0202');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await portal.getByTestId('portal-profile').getByText('+234 803 555 0202').waitFor();
      await expectAccessible(portal, 'portal');
      await screenshot(portal, 'portal-1280x800');

      // The collection point, with the point's data code and the employee's own code.
      await portal.getByTestId('portal-sign-out').click();
      await portal.getByRole('tab', { name: 'Collection point' }).click();
      await portal.getByRole('textbox', { name: 'Data code' }).fill(state.collectorCode);
      await portal.getByRole('textbox', { name: 'Employee code' }).fill(state.employeeCode);
      await portal.getByRole('button', { name: 'Open the collection point' }).click();
      await portal.getByRole('heading', { level: 1, name: 'Collection point apapa-yard' }).waitFor();
      await portal.getByTestId('site-stock').getByText('No stock is kept at this site yet').waitFor();
      await portal.getByText('No records yet').waitFor();
      assert(errors.length === 0, `uncaught page errors in the portal: ${errors.join(' | ')}`);
    } finally {
      await context.close();
    }

    // In the staff browser the portal uses its own token and leaves the staff session as it was.
    await page.goto('/portal');
    await page.getByRole('textbox', { name: 'Portal code' }).fill(state.portalCode);
    await page.getByRole('button', { name: 'Open my portal' }).click();
    // The code alone no longer opens the portal: the PIN is asked for.
    await page.getByLabel('PIN', { exact: true }).fill(PORTAL_PIN);
    await page.getByRole('button', { name: 'Open my portal' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hello, Ngozi' }).waitFor();
    assert((await token()) === staffToken, 'jwtToken is unchanged by the portal sign-in');
    await page.getByTestId('portal-sign-out').click();
    await page.goto('/employee');
    await page.getByRole('heading', { level: 1, name: 'Employees' }).waitFor();
  });
};
