import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadAppTexts } from './index.ts';

describe('app texts asked for before init', () => {
  it('are loaded once init has run (a deep link builds the router, and asks, first)', async () => {
    // As main.tsx does on a deep link: the router's lazy route asks for the texts, then i18n is initialised.
    const asked = loadAppTexts();
    await initI18n('de');
    await asked;
    expect(i18n.hasResourceBundle('de', 'notifications')).toBe(true);
    expect(i18n.t('notifications:employees.removed.title')).toBe('Mitarbeiter entfernt');
  });
});
