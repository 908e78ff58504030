import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslateIcon } from './icons/startIcons.ts';
import { changeLanguage, currentLanguage, type TLanguage } from '../i18n/index.ts';
import { lazyPart } from './lazyPart.ts';
import { BarButton } from './BarButton.tsx';

/** The menu loads on the first opening (or when the pointer or focus reaches the button): not on the first screen. */
const LanguageMenuList = lazyPart(() => import('./LanguageMenuList.tsx').then((m) => m.LanguageMenuList));

/** English, German, French: choosing one closes the menu and switches every text. */
export const LanguageMenu = () => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted so it can play its closing transition.
  const [opened, setOpened] = useState(false);
  const active = currentLanguage();
  const choose = (language: TLanguage) => {
    setAnchor(null);
    void changeLanguage(language);
  };
  return (
    <>
      <BarButton
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={LanguageMenuList.preload}
        onFocus={LanguageMenuList.preload}
        aria-haspopup="menu"
        data-testid="language-button"
      >
        <TranslateIcon fontSize="small" />
        {/* The name is "Language: EN" from the content itself, so what is seen is part of what is announced. */}
        <span className="bd-visually-hidden">{t('topbar.language')}: </span>
        <span className="bd-bar-btn__lang">{active.toUpperCase()}</span>
      </BarButton>
      {opened ? (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} active={active} onClose={() => setAnchor(null)} onChoose={choose} />
        </Suspense>
      ) : null}
    </>
  );
};
