import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../shared/ui/icons/startIcons.ts';
import { lazyPart } from '../../shared/ui/lazyPart.ts';
import { BarButton } from '../../shared/ui/BarButton.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The search panel loads on the first opening (or when the pointer or focus reaches the button). */
const SearchPanel = lazyPart(() => import('./SearchPanel.tsx').then((m) => m.SearchPanel));

/**
 * Spec 01 §2's search box made a real search (issue 10): opens on click or Ctrl/⌘-K, searches what the user may
 * see as they type, results grouped by area (SearchPanel).
 */
export const SearchBox = () => {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const show = () => {
    setOpen(true);
    setOpened(true);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) setTimeout(() => openButton.current?.focus(), 0);
  };

  return (
    <div>
      {open ? null : (
        <BarButton
          ref={openButton}
          onClick={show}
          onPointerEnter={SearchPanel.preload}
          onFocus={SearchPanel.preload}
          aria-label={t('topbar.openSearch')}
          aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
          data-testid="search-open"
        >
          <SearchIcon />
        </BarButton>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <SearchPanel open={open} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
};
