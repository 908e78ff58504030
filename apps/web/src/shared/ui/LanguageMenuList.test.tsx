import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LanguageMenuList } from './LanguageMenuList.tsx';
import { changeLanguage } from '../i18n/index.ts';
import { renderWithApp, setupI18n } from '../../test/render.tsx';

beforeAll(setupI18n);
afterAll(() => changeLanguage('en'));

describe('the language menu', () => {
  it('names each language in its own name, whatever the current language (issue 30)', async () => {
    await changeLanguage('de');
    renderWithApp(<LanguageMenuList anchor={document.body} active="de" onClose={() => undefined} onChoose={() => undefined} />);
    expect(screen.getByTestId('language-en').textContent).toBe('English');
    expect(screen.getByTestId('language-de').textContent).toBe('Deutsch');
    expect(screen.getByTestId('language-fr').textContent).toBe('Français');
  });
});
