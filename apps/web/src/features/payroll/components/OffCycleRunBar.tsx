import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TRun } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { usePaySettings } from '../api.ts';
import { useCreateOffCycleRun, useDeleteOffCycleRun, useMonthRuns } from '../offCycleApi.ts';
import { OffCycleRunDialog } from './OffCycleRunDialog.tsx';
import { useRunTitle } from '../runTitle.ts';

type TProps = { month: string; selectedRunId: string | null; onSelect: (runId: string | null) => void };

/**
 * Issue 32 item 3: the month's runs on the Salary screen — the regular run and its off-cycle runs, each named by its
 * kind and showing its state — and the "New off-cycle run" action. Choosing a run shows it on the page below.
 */
export const OffCycleRunBar = ({ month, selectedRunId, onSelect }: TProps) => {
  const { t } = useTranslation('pay');
  const title = useRunTitle();
  const runs = useMonthRuns(month);
  const [isOpen, setOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TRun | null>(null);
  const people = usePaySettings(1, 100, '');
  const create = useCreateOffCycleRun();
  const remove = useDeleteOffCycleRun();
  const offCycle = (runs.data ?? []).filter((r) => r.kind && r.kind !== 'regular');
  const selected = offCycle.find((r) => r._id === selectedRunId) ?? null;
  const fail = (err: unknown) => flash(displayError(t, err), 'error');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }} role="group" aria-label={t('offCycle.runs')} data-testid="run-list">
      <Typography variant="body2" color="text.secondary">{t('offCycle.runs')}</Typography>
      <Chip label={t('offCycle.regularRun')} color={selectedRunId ? 'default' : 'primary'} variant={selectedRunId ? 'outlined' : 'filled'} onClick={() => onSelect(null)} aria-pressed={!selectedRunId} />
      {offCycle.map((r) => (
        <Chip
          key={r._id}
          label={`${title(r)} · ${t(`salary.status.${r.status}`)}`}
          color={r._id === selectedRunId ? 'primary' : 'default'}
          variant={r._id === selectedRunId ? 'filled' : 'outlined'}
          onClick={() => onSelect(r._id)}
          aria-pressed={r._id === selectedRunId}
          data-testid={`run-chip-${r.kind}`}
          sx={{ maxWidth: 1, '& .MuiChip-label': { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        />
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)} data-testid="off-cycle-new">{t('offCycle.new')}</Button>
      {selected && selected.status === 'draft' ? <Button size="small" color="error" onClick={() => setToDelete(selected)}>{t('offCycle.delete')}</Button> : null}
      {isOpen ? (
        <OffCycleRunDialog
          open
          month={month}
          employees={(people.data?.rows ?? []).map((p) => ({ id: p.employeeId, name: p.name, number: p.employeeNumber }))}
          busy={create.isPending}
          onSubmit={(body) => void create.mutateAsync(body).then((res) => { setOpen(false); onSelect(res.data.run._id); }, fail)}
          onClose={() => setOpen(false)}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(toDelete)}
        title={toDelete ? t('offCycle.deleteTitle', { title: title(toDelete) }) : ''}
        body={t('offCycle.deleteBody')}
        confirmLabel={t('offCycle.delete')}
        busy={remove.isPending}
        onConfirm={() => void remove.mutateAsync(toDelete!._id).then(() => { setToDelete(null); onSelect(null); }, fail)}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
};
