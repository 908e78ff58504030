import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { visuallyHidden } from './visuallyHidden.ts';
import TranslateIcon from '@mui/icons-material/Translate';
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import { LANGUAGES, changeLanguage, currentLanguage, type TLanguage } from '../i18n/index.ts';

/** English, German, French: choosing one closes the menu and switches every text. */
export const LanguageMenu = () => {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = currentLanguage();
  const choose = (language: TLanguage) => {
    setAnchor(null);
    void changeLanguage(language);
  };
  return (
    <>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" data-testid="language-button">
        <TranslateIcon fontSize="small" />
        {/* The name is "Language: EN" from the content itself, so what is seen is part of what is announced. */}
        <Box component="span" sx={visuallyHidden}>
          {t('topbar.language')}:{' '}
        </Box>
        <Typography component="span" variant="caption" sx={{ ml: 0.5, fontWeight: 700 }}>
          {active.toUpperCase()}
        </Typography>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} selected={language === active} onClick={() => choose(language)} lang={language} data-testid={`language-${language}`}>
            <ListItemIcon>{language === active ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`languages.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
