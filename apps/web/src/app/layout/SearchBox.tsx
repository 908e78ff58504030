import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Button from '@mui/material/Button';
import Slide from '@mui/material/Slide';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import SearchIcon from '@mui/icons-material/Search';
import { layout } from '../../shared/ui/tokens.ts';

/** Spec 01 §2: a search box that opens on click; its Search button only closes it. */
export const SearchBox = () => {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <div>
        {open ? null : (
          <IconButton onClick={() => setOpen(true)} aria-label={t('topbar.openSearch')} data-testid="search-open">
            <SearchIcon />
          </IconButton>
        )}
        <Slide direction="down" in={open} mountOnEnter unmountOnExit>
          <Box
            role="search"
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: 1,
              zIndex: 99,
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: { xs: 2, md: 5 },
              height: { xs: layout.topBarMobile, lg: layout.topBarDesktop },
              bgcolor: 'background.paper',
              boxShadow: '0 8px 16px rgba(17, 24, 39, 0.08)',
            }}
          >
            <SearchIcon sx={{ color: 'text.disabled' }} aria-hidden="true" />
            <InputBase
              autoFocus
              fullWidth
              placeholder={t('topbar.searchPlaceholder')}
              inputProps={{ 'aria-label': t('topbar.searchPlaceholder') }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setOpen(false);
              }}
              sx={{ fontWeight: 600, fontSize: 16 }}
            />
            <Button variant="contained" onClick={() => setOpen(false)}>
              {t('topbar.search')}
            </Button>
          </Box>
        </Slide>
      </div>
    </ClickAwayListener>
  );
};
