import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { NOTIFICATION_TEXTS, type TNotificationKey } from '@bizdesk/contract';
import { changeLanguage, i18n } from '../../shared/i18n/index.ts';
import { messages as en } from '../../shared/i18n/locales/en/notifications.ts';
import { messages as de } from '../../shared/i18n/locales/de/notifications.ts';
import { messages as fr } from '../../shared/i18n/locales/fr/notifications.ts';
import { leaves, placeholders } from '../../test/textTrees.ts';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { NotificationsPanel } from './components/NotificationsPanel.tsx';
import { noticeTexts } from './texts.ts';
import { formatMinor } from '../../shared/format/money.ts';
import type { TNotice } from './model.ts';

const imported = (count: number): TNotice => ({
  id: `n${count}`,
  title: 'Employee import finished',
  description: `${count} employees imported from staff.xlsx`,
  type: 'HR',
  createdAt: new Date().toISOString(),
  isUnRead: true,
  messageKey: 'employees.imported',
  params: { count, fileName: 'staff.xlsx' },
});
const show = (notice: TNotice) => noticeTexts(i18n.t, notice, i18n.language);

beforeAll(setupI18n);
afterAll(() => changeLanguage('en'));

describe('server notifications in the reader\'s language', () => {
  it('shows a known key in German and French with the right plural for 1 and 3', async () => {
    await changeLanguage('de');
    expect(show(imported(1))).toEqual({ title: 'Mitarbeiterimport abgeschlossen', description: '1 Mitarbeiter aus staff.xlsx importiert', category: 'Personal' });
    expect(show(imported(3)).description).toBe('3 Mitarbeiter aus staff.xlsx importiert');
    const request = (count: number): TNotice => ({ ...imported(count), messageKey: 'leave.requested', params: { name: 'Ada Obi', count, leaveType: 'Annual', startDate: '2026-11-23', endDate: '2026-11-25' } });
    expect(show(request(1)).description).toBe('Ada Obi beantragt 1 Arbeitstag (Annual), 23.11.2026 bis 25.11.2026');
    expect(show(request(3)).description).toBe('Ada Obi beantragt 3 Arbeitstage (Annual), 23.11.2026 bis 25.11.2026');
    // A seeded leave type reads in German (issue 30).
    expect(show({ ...request(2), params: { ...request(2).params, leaveType: 'annual' } }).description).toBe('Ada Obi beantragt 2 Arbeitstage (Jahresurlaub), 23.11.2026 bis 25.11.2026');

    await changeLanguage('fr');
    expect(show(imported(1))).toEqual({ title: 'Import des employés terminé', description: '1 employé importé depuis staff.xlsx', category: 'RH' });
    expect(show(imported(3)).description).toBe('3 employés importés depuis staff.xlsx');
    // French counts 0 as singular, and a million takes « de ».
    expect(show(imported(0)).description).toBe('0 employé importé depuis staff.xlsx');
    expect(show(imported(1_000_000)).description).toBe('1000000 d’employés importés depuis staff.xlsx');
  });

  it('renders the bell\'s list in German after switching language', async () => {
    await changeLanguage('de');
    renderWithApp(<NotificationsPanel notices={[imported(3)]} isLoading={false} isError={false} onMarkAllRead={vi.fn()} />);
    expect(screen.getByText('Mitarbeiterimport abgeschlossen')).toBeInTheDocument();
    expect(screen.getByText(/3 Mitarbeiter aus staff\.xlsx importiert/)).toBeInTheDocument();
    expect(screen.queryByText(/employees imported/)).not.toBeInTheDocument();
  });

  it('falls back to the stored message for an unknown key or none', async () => {
    await changeLanguage('de');
    const unknown: TNotice = { ...imported(2), title: 'Robot arrived', description: 'The robot arrived at Ikeja', type: 'Robots', messageKey: 'robots.arrived', params: { where: 'Ikeja' } };
    expect(show(unknown)).toEqual({ title: 'Robot arrived', description: 'The robot arrived at Ikeja', category: 'Robots' });
    const plain: TNotice = { ...imported(2), title: 'Payroll calendar', description: 'March payroll closes on the 25th.', type: 'Announcements', messageKey: null, params: null };
    expect(show(plain)).toEqual({ title: 'Payroll calendar', description: 'March payroll closes on the 25th.', category: 'Ankündigungen' });
  });

  it('writes money, dates and months with the shared formatters', async () => {
    await changeLanguage('de');
    const paid: TNotice = { ...imported(1), messageKey: 'orders.paymentMade', params: { amountMinor: 150_000_050, currency: 'NGN', vendor: 'Dangote', order: 'PO-0007' } };
    expect(show(paid).description).toBe(`${formatMinor(150_000_050, 'NGN', 'de')} an Dangote für PO-0007 gezahlt`);
    expect(show(paid).description).toContain('₦');
    const payroll: TNotice = { ...imported(1), messageKey: 'payroll.approved', params: { month: '2026-11', by: 'Amaka' } };
    expect(show(payroll).description).toBe('Die Lohnabrechnung November 2026 wurde von Amaka genehmigt');
    await changeLanguage('fr');
    expect(show(payroll).description).toBe('La paie de novembre 2026 a été approuvée par Amaka');
  });

  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
  ])('%s has a title and a message for every key of the contract, using exactly its params', (_lang, tree) => {
    const texts = leaves(tree);
    for (const [key, params] of Object.entries(NOTIFICATION_TEXTS) as [TNotificationKey, readonly string[]][]) {
      const shown = params.filter((p) => p !== 'currency').map((p) => p.replace(/Minor$/, '')).sort();
      expect(texts.get(`${key}.title`), `${key}.title`).toBeTruthy();
      const messages = [...texts].filter(([k]) => k === `${key}.message` || k.startsWith(`${key}.message_`));
      expect(messages.length, `${key}.message`).toBeGreaterThan(0);
      for (const [k, text] of messages) expect([...new Set(placeholders(text))].sort(), k).toEqual(shown);
      if (params.includes('count')) expect(messages.map(([k]) => k), key).toEqual(expect.arrayContaining([`${key}.message_one`, `${key}.message_other`]));
    }
  });
});
