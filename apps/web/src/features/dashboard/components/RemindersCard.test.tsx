import { afterAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TReminder } from '@bizdesk/contract';
import { newQueryClient, renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { changeLanguage } from '../../../shared/i18n/index.ts';
import { setDateRegion } from '../../../shared/format/dates.ts';
import { RemindersCard, remindersQuery } from './RemindersCard.tsx';

setupScreenTests();
afterAll(async () => {
  setDateRegion(null);
  await changeLanguage('en');
});

const EMEKA = '33333333-3333-4333-8333-333333333333';
const reminder = (over: Partial<TReminder>): TReminder => ({
  source: 'employees', key: EMEKA, kind: 'probation-end', date: '2026-12-08', daysLeft: 12, employeeId: EMEKA, name: 'Emeka Obi', detail: null,
  link: { screen: 'employee', id: EMEKA }, ...over,
});

describe('RemindersCard (issue 33)', () => {
  it('lists what comes up in the next 30 days, soonest first, each a link to the employee', async () => {
    setDateRegion('NG', 'Africa/Lagos');
    const queryClient = newQueryClient();
    queryClient.setQueryData(remindersQuery().queryKey, {
      from: '2026-11-26', to: '2026-12-26', reminders: [
        reminder({ source: 'documents', key: 'd1', kind: 'document-expiry', date: '2026-12-06', daysLeft: 10, detail: 'driving-licence' }),
        reminder({}),
        reminder({ key: `${EMEKA}:2026`, kind: 'work-anniversary', date: '2026-12-20', daysLeft: 24, detail: '3 years', name: 'Tunde Lawal' }),
      ],
    });
    renderWithApp(<RemindersCard />, { queryClient });
    const card = await screen.findByTestId('reminders-card');
    expect(within(card).getByRole('heading', { name: 'Reminders' })).toBeInTheDocument();
    const links = within(card).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/employee-detail?id=${EMEKA}`, `/employee-detail?id=${EMEKA}`, `/employee-detail?id=${EMEKA}`]);
    expect(links[0]).toHaveTextContent('Driving licence expires');
    expect(links[0]).toHaveTextContent('in 10 days');
    expect(links[1]).toHaveTextContent('Probation ends');
    expect(links[2]).toHaveTextContent('3 years of service');
  });

  it('says so when nothing is due, in French', async () => {
    await changeLanguage('fr');
    const queryClient = newQueryClient();
    queryClient.setQueryData(remindersQuery().queryKey, { from: '2026-11-26', to: '2026-12-26', reminders: [] });
    renderWithApp(<RemindersCard />, { queryClient });
    const card = await screen.findByTestId('reminders-card');
    expect(within(card).getByText('Rien à prévoir dans les 30 prochains jours.')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });
});
