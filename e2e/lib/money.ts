import type { Locator, Page } from 'playwright-core';

/** What a screen reader reads of a money figure (issue 30): its text without the parts hidden from assistive technology. */
export const spokenMoney = (figure: Locator) =>
  figure.evaluate((element) => {
    const money = element.matches('[data-money]') ? element : (element.querySelector('[data-money]') ?? element);
    const copy = money.cloneNode(true) as Element;
    copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return copy.textContent ?? '';
  });

export type TFigureCheck = { minor: string; spoken: string; shown: string; problems: string[] };

/**
 * Every money figure on the page (`[data-money]`, shared/ui/Money.tsx) that is displayed: what it reads, what it
 * shows, and why it would be cut off — wider than its box, an ellipsis, outside an ancestor that hides overflow,
 * or off the screen without a scroll container to reach it.
 */
export const checkFigures = (page: Page) =>
  page.evaluate(() => {
    const out: { minor: string; spoken: string; shown: string; problems: string[] }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('[data-money]')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const problems: string[] = [];
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`wider than its box (${element.scrollWidth} > ${element.clientWidth})`);
      let inScroller = false;
      for (let a: HTMLElement | null = element; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.textOverflow === 'ellipsis' && a.scrollWidth > a.clientWidth + 1) problems.push(`ellipsis on <${a.tagName.toLowerCase()} class="${a.className}">`);
        if (a === element || style.overflowX === 'visible') continue;
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          inScroller = true;
          break;
        }
        const box = a.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.right > box.right + 1 || rect.top < box.top - 1 || rect.bottom > box.bottom + 1) problems.push(`cut by <${a.tagName.toLowerCase()} class="${a.className}">`);
      }
      if (!inScroller && (rect.left < -1 || rect.right > window.innerWidth + 1)) problems.push(`off the screen (${Math.round(rect.left)}–${Math.round(rect.right)})`);
      const copy = element.cloneNode(true) as Element;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      const shown = element.querySelector('[aria-hidden="true"]')?.textContent ?? element.textContent ?? '';
      out.push({ minor: element.getAttribute('data-money') ?? '', spoken: copy.textContent ?? '', shown, problems });
    }
    return out;
  });
