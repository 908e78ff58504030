import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/index.ts';
import { renderWithApp, setupI18n } from '../../test/render.tsx';
import { setDateRegion } from '../format/dates.ts';
import { Money } from './Money.tsx';
import { StatCard } from './StatCard.tsx';
import { InsightsIcon } from './icons/startIcons.ts';

const FORTY_FIVE_MILLION = 4_500_000_000;

/** What a screen reader reads: the figure without its parts hidden from assistive technology. */
const spoken = (element: Element) => {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent;
};
const shown = (element: Element) => element.querySelector('[aria-hidden="true"]')?.textContent;
const figure = () => document.querySelector('[data-money]')!;

beforeAll(setupI18n);
afterEach(async () => {
  cleanup();
  setDateRegion(null);
  await i18n.changeLanguage('en');
});

describe('Money', () => {
  it('shows ₦45M in a tight place with the exact value read out, on hover and on keyboard focus', async () => {
    setDateRegion('NG');
    renderWithApp(<Money compact minor={FORTY_FIVE_MILLION} currency="NGN" />);
    const money = figure();
    expect(money.getAttribute('data-money')).toBe(String(FORTY_FIVE_MILLION));
    expect(shown(money)).toBe('₦45M');
    expect(spoken(money)).toBe('₦45,000,000.00');
    expect(money.querySelector('.bd-money__tip')?.textContent).toBe('₦45,000,000.00');
    await userEvent.tab();
    expect(money).toHaveFocus();
    expect(money.textContent).not.toContain('…');
  });

  it('writes the full value where there is room, wrapping rather than cutting it', () => {
    setDateRegion('NG');
    renderWithApp(<Money minor={FORTY_FIVE_MILLION + 5} currency="NGN" />);
    expect(figure().textContent).toBe('₦45,000,000.05');
    expect(figure().className).toBe('bd-money');
    expect(figure().getAttribute('tabindex')).toBeNull();
  });

  it('keeps small amounts exact even in a tight place', () => {
    renderWithApp(<Money compact minor={950_050} currency="NGN" />);
    expect(figure().textContent).toBe('₦9,500.50');
  });

  it('shows the currency in German and French, naira and cedi', async () => {
    await i18n.changeLanguage('de');
    const { unmount } = renderWithApp(<><Money compact minor={FORTY_FIVE_MILLION} currency="NGN" /><Money minor={FORTY_FIVE_MILLION} currency="GHS" /></>);
    const [de, deCedi] = [...document.querySelectorAll('[data-money]')];
    expect(shown(de!)).toMatch(/^45\sMio\.\s₦$/);
    expect(spoken(de!)).toMatch(/^45\.000\.000,00\s₦$/);
    expect(deCedi!.textContent).toMatch(/^45\.000\.000,00\sGH₵$/);
    unmount();
    await i18n.changeLanguage('fr');
    renderWithApp(<><Money compact minor={FORTY_FIVE_MILLION} currency="NGN" /><Money minor={FORTY_FIVE_MILLION} currency="GHS" /></>);
    const [fr, frCedi] = [...document.querySelectorAll('[data-money]')];
    expect(shown(fr!)).toMatch(/^45\sM\s₦$/);
    expect(spoken(fr!)).toMatch(/^45\s000\s000,00\s₦$/);
    expect(frCedi!.textContent).toMatch(/^45\s000\s000,00\sGH₵$/);
  });

  it('inside a stat card that opens a list, the card link takes the focus and carries the exact value', async () => {
    setDateRegion('NG');
    renderWithApp(<StatCard label="Overheads" value={<Money compact minor={FORTY_FIVE_MILLION} currency="NGN" />} Icon={InsightsIcon} color="#000" to="/projects/default" />);
    expect(figure().getAttribute('tabindex')).toBeNull();
    expect(screen.getByRole('link')).toHaveAccessibleName(/Overheads.*₦45,000,000\.00/);
    await userEvent.tab();
    expect(screen.getByRole('link')).toHaveFocus();
  });
});
