import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import GridOnIcon from '@mui/icons-material/GridOn';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { downloadFile } from '../files.ts';
import { exportQuery, type TListState } from '../listQuery.ts';

/** GET /employee/export/{email}: the whole list with the current search, filters and order, as CSV or XLSX. */
export const ExportMenu = ({ email, state }: { email: string; state: TListState }) => {
  const { t } = useTranslation('people');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadFile(`/employee/export/${encodeURIComponent(email)}`, { query: exportQuery(state, format) });
    } catch (error) {
      flash(t('exporting.failed', { message: displayError(t, error) }), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={(e) => setAnchor(e.currentTarget)} loading={busy} aria-haspopup="menu" data-testid="export-button">
        {t('list.export')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <ListSubheader sx={{ lineHeight: 1.4, py: 1, maxWidth: 300, whiteSpace: 'normal' }}>{t('exporting.hint')}</ListSubheader>
        <MenuItem onClick={() => void run('csv')} data-testid="export-csv">
          <ListItemIcon>
            <DescriptionIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('exporting.csv')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void run('xlsx')} data-testid="export-xlsx">
          <ListItemIcon>
            <GridOnIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('exporting.xlsx')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};
