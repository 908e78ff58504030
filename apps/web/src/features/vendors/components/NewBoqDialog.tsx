import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { serverFieldErrors } from '../../../shared/api/errors.ts';
import { LinesEditor, checkLines, emptyLine, quantityText, type TLineRow } from '../../orders/components/ProcurementUi.tsx';
import { useAddBoq } from '../api.ts';

/** A BOQ for one contract: its reference, client, project and the lines to be priced. */
export const NewBoqDialog = ({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (contractId: string) => void }) => {
  const { t } = useTranslation('procurement');
  const { t: tApp } = useTranslation('app');
  const add = useAddBoq();
  const [head, setHead] = useState({ contractId: '', businessName: '', projectTitle: '' });
  const [projectId, setProjectId] = useState<string | null>(null);
  const [lines, setLines] = useState<TLineRow[]>([emptyLine()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setHead({ contractId: '', businessName: '', projectTitle: '' });
    setProjectId(null);
    setLines([emptyLine()]);
    setErrors({});
    setFormError(null);
  }, [open]);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = Object.fromEntries(Object.entries(checkLines(lines, () => '0', t, false)).map(([k, v]) => [`lines.${k}`, v]));
    for (const f of ['contractId', 'businessName', 'projectTitle'] as const) if (!head[f].trim()) errs[f] = t('common.required');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      const res = await add.mutateAsync({ ...head, lines: lines.map((l) => ({ item: l.item, unit: l.unit, quantity: quantityText(l.quantity) })) });
      onCreated(res.data.contractId);
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFormError(displayError(tApp, error));
    }
  };
  const lineErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith('lines.')).map(([k, v]) => [k.slice(6), v]));
  return (
    <FormDialog open={open} title={t('products.newBoq')} submitLabel={t('common.save')} busy={add.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['contractId', 'businessName'] as const).map((f) => (
          <TextField key={f} fullWidth size="small" required label={t(`fields.${f}`)} value={head[f]} onChange={(e) => setHead({ ...head, [f]: e.target.value })} error={!!errors[f]} helperText={errors[f]} />
        ))}
        {/* The project the BOQ prices is picked from the business's projects (issue 34), never typed. */}
        <Box sx={{ width: '100%' }}>
          <PlacePicker label={t('fields.projectTitle')} kinds={['project']} createAs="project" size="small" required name="projectTitle" value={projectId}
            onChange={(p) => { setProjectId(p?._id ?? null); setHead({ ...head, projectTitle: p?.name ?? '' }); }} error={errors.projectTitle} />
        </Box>
      </Stack>
      <LinesEditor lines={lines} onChange={setLines} errors={lineErrors} showPrice={false} />
    </FormDialog>
  );
};
