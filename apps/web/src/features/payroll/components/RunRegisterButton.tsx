import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TableViewIcon from '@mui/icons-material/TableViewOutlined';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { downloadRegister } from '../registerApi.ts';

/**
 * The payroll register of a computed run as Excel or CSV: one row per employee with every figure of the line as a
 * number, and a totals row. It replaces the lines grid's own export (amounts as text, one page, no totals).
 */
export const RunRegisterButton = ({ runId, month }: { runId: string; month: string }) => {
  const { t } = useTranslation('pay');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadRegister(runId, month, format);
    } catch (e) {
      flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<TableViewIcon />} disabled={busy} aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)} data-testid="run-register">{t('register.button')}</Button>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void save('xlsx')} data-testid="run-register-xlsx">{t('register.xlsx')}</MenuItem>
        <MenuItem onClick={() => void save('csv')} data-testid="run-register-csv">{t('register.csv')}</MenuItem>
      </Menu>
    </>
  );
};
