import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/index.ts';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { setDateRegion } from '../format/dates.ts';
import { MoneyField } from './MoneyField.tsx';

let sent = '';
const Harness = ({ currency, initial = '' }: { currency: string; initial?: string }) => {
  const [value, setValue] = useState(initial);
  sent = value;
  return <MoneyField label="Annual gross income" name="gross" value={value} onChange={setValue} currency={currency} helperText="per year" />;
};

beforeAll(setupI18n);
afterEach(async () => {
  cleanup();
  setDateRegion(null);
  await i18n.changeLanguage('en');
});

describe('MoneyField', { timeout: 20_000 }, () => {
  it('accepts "6,000,000" in English, sends 6000000, previews naira and groups on leaving', async () => {
    setDateRegion('NG');
    renderWithApp(<Harness currency="NGN" />);
    const input = screen.getByLabelText('Annual gross income');
    await userEvent.type(input, '6,000,000');
    expect(sent).toBe('6000000');
    expect(screen.getByText(/₦6,000,000\.00 · per year/)).toBeInTheDocument();
    await userEvent.tab();
    expect(input).toHaveValue('6,000,000.00');
  });

  it('accepts German marks ("6.000.000,50") and shows the cedi for a Ghanaian business', async () => {
    await i18n.changeLanguage('de');
    renderWithApp(<Harness currency="GHS" />);
    await userEvent.type(screen.getByLabelText('Annual gross income'), '6.000.000,50');
    expect(sent).toBe('6000000.50');
    expect(screen.getAllByText(/6\.000\.000,50\s*(GH₵|GHS)/).length).toBeGreaterThan(0);
  });

  it('passes what was typed on when it is not an amount, so the form can say so', async () => {
    renderWithApp(<Harness currency="NGN" />);
    await userEvent.type(screen.getByLabelText('Annual gross income'), '12.345.6');
    expect(sent).toBe('12.345.6');
  });

  it('shows a stored amount grouped', () => {
    setDateRegion('NG');
    renderWithApp(<Harness currency="NGN" initial="2400000.5" />);
    expect(screen.getByLabelText('Annual gross income')).toHaveValue('2,400,000.50');
  });
});
