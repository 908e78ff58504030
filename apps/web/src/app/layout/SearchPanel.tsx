import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import SearchIcon from '@mui/icons-material/Search';
import type { TSearchGroup, TSearchHit } from '@bizdesk/contract';
import { apiData } from '../../shared/api/client.ts';
import { useCurrentUser } from '../../shared/session.ts';
import { displayError } from '../../shared/i18n/index.ts';
import { layout } from '../../shared/ui/tokens.ts';
import { canAccessPath } from '../../shared/access.ts';
import { NAV_ENTRIES, screenPath } from './navConfig.ts';

const MIN_CHARS = 2;
const SCREEN_LIMIT = 6;

/** Where "see all" goes for an area (its own list, filtered by the same text where the list takes one). */
const AREA_LIST: Record<TSearchGroup['area'], (q: string) => string> = {
  employees: (q) => `/employee?search=${encodeURIComponent(q)}`,
  vendors: () => '/products',
  orders: () => '/manage-po',
  items: () => '/inventory',
  trucks: () => '/fleet-requisition',
  projects: () => '/projects/default',
  invoices: () => '/invoices',
};

/** Lower case without accents, so "conge" finds "Congés" and "uber" "Übersicht". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

type TScreenHit = TSearchHit & { rank: number };

/**
 * The screens (navConfig) the user may open whose name in the current language, or whose area's name, holds the
 * text: names starting with it first, then names holding it, then the screens of a matching area.
 */
export const findScreens = (text: string, t: (key: string) => string, user: { email: string; ownerEmail: string; roles: unknown }): TSearchHit[] => {
  const q = folded(text.trim());
  if (q.length < MIN_CHARS) return [];
  const found: TScreenHit[] = [];
  const seen = new Set<string>();
  for (const entry of NAV_ENTRIES) {
    const area = t(`nav.${entry.key}`);
    const areaMatches = folded(area).includes(q);
    for (const screen of entry.screens) {
      if (seen.has(screen.key) || !canAccessPath(user.roles, screen.path)) continue;
      const title = folded(t(`nav.screens.${screen.key}`));
      const rank = title.startsWith(q) || title.split(/[\s-]+/).some((w) => w.startsWith(q)) ? 0 : title.includes(q) ? 1 : areaMatches ? 2 : -1;
      if (rank < 0) continue;
      seen.add(screen.key);
      found.push({ id: `screen:${screen.key}`, title: t(`nav.screens.${screen.key}`), subtitle: area, path: screenPath(screen.path, user), rank });
    }
  }
  return found.sort((a, b) => a.rank - b.rank).slice(0, SCREEN_LIMIT).map(({ rank: _rank, ...hit }) => hit);
};

type TGroup = { area: TSearchGroup['area'] | 'screens'; hits: TSearchHit[]; more: boolean };

type TProps = { open: boolean; onClose: (returnFocus: boolean) => void };

/**
 * The search itself (SearchBox opens it): searches what the user may see as they type (GET /search/{ownerEmail}),
 * results grouped by area; arrows move, Enter opens, Escape closes. Loaded on the first opening.
 */
export const SearchPanel = ({ open, onClose }: TProps) => {
  const { t } = useTranslation('app');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [settled, setSettled] = useState('');
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  const enabled = open && settled.length >= MIN_CHARS;
  const results = useQuery({
    queryKey: ['search', user.ownerEmail, settled],
    queryFn: ({ signal }) => apiData<TSearchGroup[]>(`/search/${encodeURIComponent(user.ownerEmail)}?q=${encodeURIComponent(settled)}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const screens = useMemo(() => findScreens(text, t, user), [text, t, user]);
  const records = (enabled ? results.data : undefined) ?? [];
  const groups: TGroup[] = [...(screens.length ? [{ area: 'screens' as const, hits: screens, more: false }] : []), ...records];
  const hits: TSearchHit[] = groups.flatMap((g) => g.hits);

  const close = (returnFocus = true) => {
    setText('');
    setSettled('');
    setActive(0);
    onClose(returnFocus);
  };
  const go = (hit: TSearchHit | undefined) => {
    if (!hit) return;
    close(false);
    void navigate(hit.path);
  };

  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const showPanel = open && text.trim().length >= MIN_CHARS;
  let index = -1;

  return (
    <ClickAwayListener onClickAway={() => open && close(false)}>
      <div>
        <Slide direction="down" in={open} mountOnEnter unmountOnExit>
          <Box
            role="search"
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: 1,
              zIndex: 99,
              bgcolor: 'background.paper',
              boxShadow: '0 8px 16px rgba(17, 24, 39, 0.08)',
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, md: 5 }, height: { xs: layout.topBarMobile, lg: layout.topBarDesktop } }}>
              <SearchIcon sx={{ color: 'text.secondary' }} aria-hidden="true" />
              <InputBase
                autoFocus
                fullWidth
                value={text}
                placeholder={t('topbar.searchPlaceholder')}
                onChange={(event) => {
                  setText(event.target.value);
                  setActive(0);
                }}
                inputProps={{
                  'aria-label': t('topbar.searchPlaceholder'),
                  role: 'combobox',
                  'aria-expanded': showPanel,
                  'aria-controls': listId,
                  'aria-autocomplete': 'list',
                  'aria-activedescendant': showPanel && hits.length ? optionId(Math.min(active, hits.length - 1)) : undefined,
                  'data-testid': 'search-input',
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') close();
                  else if (event.key === 'ArrowDown' && hits.length) {
                    event.preventDefault();
                    setActive((a) => (a + 1) % hits.length);
                  } else if (event.key === 'ArrowUp' && hits.length) {
                    event.preventDefault();
                    setActive((a) => (a - 1 + hits.length) % hits.length);
                  } else if (event.key === 'Enter') {
                    event.preventDefault();
                    go(hits[Math.min(active, hits.length - 1)]);
                  }
                }}
                sx={{ fontWeight: 600, fontSize: 16 }}
              />
              <Button variant="contained" onClick={() => (hits.length ? go(hits[Math.min(active, hits.length - 1)]) : close())}>
                {t('topbar.search')}
              </Button>
            </Box>
            {showPanel ? (
              <Paper square elevation={0} sx={{ borderTop: 1, borderColor: 'divider', maxHeight: '60vh', overflowY: 'auto', px: { xs: 1, md: 4 }, py: 1 }} data-testid="search-results">
                <Box id={listId} role="listbox" aria-label={t('topbar.results')}>
                  {groups.map((group) => (
                    <Box key={group.area} role="group" aria-labelledby={`${id}-${group.area}`} sx={{ mb: 1 }}>
                      <Typography id={`${id}-${group.area}`} variant="overline" component="div" sx={{ px: 1, color: 'text.secondary' }}>
                        {t(`topbar.areas.${group.area}`)}
                      </Typography>
                      {group.hits.map((hit) => {
                        index += 1;
                        const mine = index;
                        const selected = mine === Math.min(active, hits.length - 1);
                        return (
                          <Box
                            key={hit.id}
                            id={optionId(mine)}
                            role="option"
                            aria-selected={selected}
                            onMouseEnter={() => setActive(mine)}
                            onClick={() => go(hit)}
                            sx={{ px: 1, py: 0.75, borderRadius: 1, cursor: 'pointer', bgcolor: selected ? 'rgba(29, 78, 216, 0.08)' : undefined }}
                          >
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {hit.title}
                            </Typography>
                            {hit.subtitle ? (
                              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                                {hit.subtitle}
                              </Typography>
                            ) : null}
                          </Box>
                        );
                      })}
                      {group.more && group.area !== 'screens' ? (
                        <Button
                          size="small"
                          onClick={() => {
                            close(false);
                            if (group.area !== 'screens') void navigate(AREA_LIST[group.area](settled));
                          }}
                        >
                          {t('topbar.seeAll', { area: t(`topbar.areas.${group.area}`) })}
                        </Button>
                      ) : null}
                    </Box>
                  ))}
                </Box>
                <Typography variant="body2" role="status" sx={{ px: 1, py: 0.5, color: 'text.secondary' }}>
                  {results.isError
                    ? displayError(t, results.error)
                    : !enabled || results.isFetching
                      ? t('topbar.searching')
                      : hits.length === 0
                        ? t('topbar.noResults', { text: settled })
                        : t('topbar.resultCount', { count: hits.length })}
                </Typography>
              </Paper>
            ) : null}
          </Box>
        </Slide>
      </div>
    </ClickAwayListener>
  );
};
