import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import type { TBulkTarget } from '../../payroll/paySetupApi.ts';
import { useAssignStructure, useStructures } from '../api.ts';

const DEFAULT = 'default';

/**
 * The Wages screen's bulk "Assign structure" (issue 32): the selected rows (or every row of the list but those left
 * out) go on one structure, or back to the business default, in one request with one summary toast.
 */
export const BulkAssignStructureDialog = ({ open, count, target, onClose }: { open: boolean; count: number; target: TBulkTarget; onClose: () => void }) => {
  const { t } = useTranslation('structures');
  const structures = useStructures();
  const assign = useAssignStructure();
  const [structureId, setStructureId] = useState('');
  useEffect(() => {
    if (open) {
      assign.reset();
      setStructureId('');
    }
  }, [open]);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!structureId) return;
    const id = structureId === DEFAULT ? null : structureId;
    const done = await assign.mutateAsync({ ...target, structureId: id }).catch(() => null); // the error shows in the dialog
    if (!done) return;
    const name = id ? structures.data?.find((s) => s._id === id)?.name ?? '' : t('bulk.default');
    flash(t('bulk.done', { count: (done.data as { employees?: number } | undefined)?.employees ?? count, name }), 'success');
    onClose();
  };
  return (
    <FormDialog open={open} title={t('bulk.title', { count })} description={t('bulk.help')} submitLabel={t('bulk.submit', { count })}
      busy={assign.isPending} error={assign.error ? displayError(t, assign.error) : null} onSubmit={(e) => void onSubmit(e)} onClose={onClose}>
      <TextField select required label={t('bulk.structure')} value={structureId} onChange={(e) => setStructureId(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'bulk-structure-select' } }}>
        <MenuItem value={DEFAULT}>{t('bulk.default')}</MenuItem>
        {(structures.data ?? []).map((s) => <MenuItem key={s._id} value={s._id}>{s.name}</MenuItem>)}
      </TextField>
    </FormDialog>
  );
};
