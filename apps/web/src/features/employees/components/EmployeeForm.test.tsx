import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BadRequestError } from '../../../shared/api/errors.ts';
import { EmployeeForm, emptyEmployeeForm, employeeFormValues, toEmployeePayload } from './EmployeeForm.tsx';
import { renderWithApp } from '../../../test/render.tsx';
import { OWNER, employee, mockFetch, setupPeopleTexts } from '../testApi.ts';

beforeAll(setupPeopleTexts);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (submit: (payload: unknown) => Promise<unknown>, mode: 'create' | 'update' = 'create', defaults = emptyEmployeeForm, canSetPay = true) => {
  mockFetch();
  renderWithApp(<EmployeeForm mode={mode} defaults={defaults} email={OWNER.ownerEmail} currency="NGN" canSetPay={canSetPay} departments={[]} designations={[]} submitLabel="Send" submit={submit} onCancel={vi.fn()} />);
};

describe('EmployeeForm', () => {
  it('leaves empty optional fields out of a new employee and clears them (null) on an update', () => {
    const values = { ...emptyEmployeeForm, firstName: ' Ada ', lastName: 'Obi', email: 'ada@x.ng' };
    expect(toEmployeePayload(values, 'create')).toEqual({ firstName: 'Ada', lastName: 'Obi', email: 'ada@x.ng', employmentType: 'full-time' });
    expect(toEmployeePayload(values, 'update')).toMatchObject({ phone: null, departmentId: null, designationId: null, grossIncome: null });
    expect(toEmployeePayload(values, 'update')).not.toHaveProperty('employeeNumber');
    expect(toEmployeePayload(values, 'update')).not.toHaveProperty('startDate');
  });

  it("shows the contract's field errors and sends nothing", async () => {
    const submit = vi.fn();
    render(submit);
    await userEvent.type(screen.getByLabelText(/^E-mail address/), 'not-an-address');
    await userEvent.type(screen.getByLabelText(/^Phone/), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number such as +234 803 000 0000')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it("sends the schema's output and puts the server's message on the form and on the field it is about", async () => {
    const submit = vi.fn().mockRejectedValue(new BadRequestError({ status: 409, data: { success: false, message: 'An employee with this e-mail already exists in this business', code: 'CONFLICT' } }));
    render(submit);
    await userEvent.type(screen.getByLabelText(/^First name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Obi');
    await userEvent.type(screen.getByLabelText(/^E-mail address/), 'ADA@Adebayofoods.NG');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'Obi', email: 'ada@adebayofoods.ng', employmentType: 'full-time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An employee with this e-mail already exists in this business');
    expect(screen.getByLabelText(/^E-mail address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows HR-access alone no gross field and sends no gross on an update (the API refuses one, even null)', async () => {
    const submit = vi.fn().mockResolvedValue(undefined);
    render(submit, 'update', employeeFormValues(employee({ phone: '+234 803 000 0000' })), false);
    await screen.findByLabelText(/^Phone/);
    expect(screen.queryByLabelText(/gross/i)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]![0]).toMatchObject({ phone: '+234 803 000 0000' });
    expect(submit.mock.calls[0]![0]).not.toHaveProperty('grossIncome');
  });

  it('sends null for a field emptied on an update', async () => {
    const submit = vi.fn().mockResolvedValue(undefined);
    const ada = employee({ phone: '+234 803 000 0000', address: '1 Marina' });
    render(submit, 'update', employeeFormValues(ada));
    await userEvent.clear(screen.getByLabelText(/^Phone/));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]![0]).toMatchObject({ phone: null, address: '1 Marina', employeeNumber: ada.employeeNumber, startDate: ada.startDate });
  });
});
