import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import type { TBankFileLayout } from '@bizdesk/contract';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { downloadFile } from '../api.ts';
import { checkBankFile, type TBankFileCheck } from '../paySetupApi.ts';

const LAYOUTS_OF: Record<string, TBankFileLayout[]> = { NG: ['ng-nibss', 'ng-bank-bulk'], GH: ['gh-ach'] };
type TChoice = { layout: TBankFileLayout; format: 'csv' | 'xlsx' };

/**
 * The approved run's bank file, in the layouts the country's banks take. Lines that cannot be paid (no account, a bank
 * not on the list, an account failing the NUBAN check) are left out of the file: the menu says so, naming them, first.
 */
export const BankFileMenu = ({ runId, month }: { runId: string; month: string }) => {
  const { t } = useTranslation('pay');
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<{ choice: TChoice; check: TBankFileCheck } | null>(null);
  const layouts = LAYOUTS_OF[user.country] ?? LAYOUTS_OF.NG;

  const download = async ({ layout, format }: TChoice) => {
    await downloadFile(`/payroll/runs/${runId}/bank-file`, { query: { format, layout }, fallbackName: `bank-payments-${layout}-${month}.${format}` })
      .catch((e) => flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error'));
  };
  const onChoose = async (choice: TChoice) => {
    setAnchor(null);
    try {
      const check = await checkBankFile(runId, choice.layout);
      if (check.refused.length) setPending({ choice, check });
      else await download(choice);
    } catch (e) {
      flash(t('common.downloadFailed', { message: displayError(t, e) }), 'error');
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<AccountBalanceIcon />} aria-haspopup="menu" aria-expanded={Boolean(anchor)} onClick={(e) => setAnchor(e.currentTarget)} data-testid="bank-file-menu">
        {t('salary.bankFile')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {layouts.flatMap((layout) => (['csv', 'xlsx'] as const).map((format) => (
          <MenuItem key={`${layout}-${format}`} onClick={() => void onChoose({ layout, format })} data-testid={`bank-file-${layout}-${format}`}>
            {t('setup.bankFileLayout', { layout: t(`setup.layouts.${layout}`), format: format.toUpperCase() })}
          </MenuItem>
        )))}
      </Menu>
      <Dialog open={Boolean(pending)} onClose={() => setPending(null)} aria-labelledby="bank-file-refused-title">
        <DialogTitle id="bank-file-refused-title">{t('setup.refusedTitle', { count: pending?.check.refused.length ?? 0 })}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>{t('setup.refusedBody', { count: pending?.check.refused.length ?? 0, payable: pending?.check.payable ?? 0 })}</Alert>
          <List dense data-testid="bank-file-refused">
            {pending?.check.refused.map((r) => (
              <ListItem key={r.employeeNumber} disableGutters>
                <ListItemText primary={`${r.employeeNumber} ${r.name}`} secondary={r.reason} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{t('setup.cancel')}</Button>
          <Button variant="contained" disabled={!pending?.check.payable} onClick={() => { const p = pending; setPending(null); if (p) void download(p.choice); }}>
            {t('setup.downloadPayable', { count: pending?.check.payable ?? 0 })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
