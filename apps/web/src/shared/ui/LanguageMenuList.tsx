import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckIcon from '@mui/icons-material/Check';
import { LANGUAGE_NAMES, LANGUAGES, type TLanguage } from '../i18n/index.ts';

type TProps = { anchor: HTMLElement | null; active: TLanguage; onClose: () => void; onChoose: (language: TLanguage) => void };

/** The language menu itself, loaded on its first opening (LanguageMenu). */
export const LanguageMenuList = ({ anchor, active, onClose, onChoose }: TProps) => {
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
      {LANGUAGES.map((language) => (
        <MenuItem key={language} selected={language === active} onClick={() => onChoose(language)} lang={language} data-testid={`language-${language}`}>
          <ListItemIcon>{language === active ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{LANGUAGE_NAMES[language]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
};
