import { afterAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setupScreenTests } from '../../../test/render.tsx';
import { changeLanguage, i18n } from '../../../shared/i18n/index.ts';
import { ComplaintForm } from './ComplaintForm.tsx';

setupScreenTests('time');
afterAll(async () => changeLanguage('en'));

const PEOPLE = [{ _id: '11111111-1111-4111-8111-111111111111', name: 'Bayo Ade' }, { _id: '22222222-2222-4222-8222-222222222222', name: 'Ngozi Eze' }];

describe('ComplaintForm (issue 33)', () => {
  it('files from the portal with a category and anonymously, without asking for a due date', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<ComplaintForm open onClose={() => undefined} onSubmit={onSubmit} busy={false} error={null} />);
    const dialog = await screen.findByRole('dialog');
    // HR's policy sets the due date: no date field any more.
    expect(within(dialog).queryByLabelText(/Due date/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('HR’s policy for the category sets the due date.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Category/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Workplace', 'Pay', 'Harassment', 'Safety', 'Facilities', 'Other']);
    await userEvent.click(screen.getByRole('option', { name: 'Harassment' }));
    await userEvent.type(within(dialog).getByTestId('complaint-detail'), 'Remarks in the cutting room');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'File anonymously' }));
    expect(within(dialog).getByText('HR will not see your name; you can still follow the complaint here.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'File a complaint' }));
    expect(onSubmit).toHaveBeenCalledWith({ complainDetail: 'Remarks in the cutting room', category: 'harassment', anonymous: true });
  }, 30_000);

  it('names the missing fields by their labels and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<ComplaintForm open onClose={() => undefined} onSubmit={onSubmit} busy={false} error={null} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'File a complaint' }));
    expect(within(dialog).getByText('Category: is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Complaint: is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  }, 30_000);

  it('lets HR say whom it is about and who complains; anonymous only once a complainant is chosen (German)', async () => {
    await changeLanguage('de');
    await i18n.loadNamespaces('time');
    const onSubmit = vi.fn();
    renderWithApp(<ComplaintForm open onClose={() => undefined} onSubmit={onSubmit} busy={false} error={null} people={PEOPLE} complainants={PEOPLE} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox', { name: 'Anonym einreichen' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Kategorie/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Sicherheit' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Von' }));
    await userEvent.click(screen.getByRole('option', { name: 'Ngozi Eze' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Betrifft' }));
    await userEvent.click(screen.getByRole('option', { name: 'Bayo Ade' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Anonym einreichen' }));
    await userEvent.type(within(dialog).getByTestId('complaint-detail'), 'Kabel liegt offen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Beschwerde einreichen' }));
    expect(onSubmit).toHaveBeenCalledWith({
      complainDetail: 'Kabel liegt offen', category: 'safety', aboutEmployeeId: PEOPLE[0]!._id, employeeId: PEOPLE[1]!._id, anonymous: true,
    });
  }, 30_000);
});
