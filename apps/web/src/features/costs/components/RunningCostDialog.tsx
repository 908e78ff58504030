import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';

/** Asks how much of the work is done (CurrentWorkLevel) before the running-cost report is written. */
export const RunningCostDialog = ({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (level: string) => void }) => {
  const { t } = useTranslation('costs');
  const [level, setLevel] = useState('');
  const [error, setError] = useState(false);
  useEffect(() => {
    if (open) { setLevel(''); setError(false); }
  }, [open]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = level.trim().replace('%', '').replace(',', '.');
    const n = Number(value);
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(value) || n <= 0 || n > 100) {
      setError(true);
      return;
    }
    onSubmit(value);
  };
  return (
    <FormDialog open={open} title={t('report.running')} submitLabel={t('report.write')} busy={false} onSubmit={submit} onClose={onClose} maxWidth="xs">
      <TextField label={t('report.workLevel')} value={level} onChange={(e) => setLevel(e.target.value)} error={error} helperText={error ? t('report.workLevelInvalid') : t('report.workLevelHelp')} required autoFocus inputMode="decimal" />
    </FormDialog>
  );
};
