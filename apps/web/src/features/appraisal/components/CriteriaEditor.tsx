import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import RuleIcon from '@mui/icons-material/Rule';
import { APPRAISAL_WEIGHT_TOTAL, ZAppraisalConfigInput, weightSum, type TAppraisalConfig } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { fieldErrorText } from '../../../shared/i18n/index.ts';
import { useSaveCriteria } from '../api.ts';
import { appraisalError } from '../messages.ts';

type TRow = { key: string; name: string; description: string; weight: string };

const toRows = (config: TAppraisalConfig): TRow[] =>
  config.criteria.map((c) => ({ key: c._id, name: c.name, description: c.description, weight: String(c.weight) }));

const newKey = () => Math.random().toString(36).slice(2);

/** The department's criteria with a live weight sum; saved as one list (POST /employee/appraisal-config). */
export const CriteriaEditor = ({ config, ownerEmail }: { config: TAppraisalConfig; ownerEmail: string }) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const [rows, setRows] = useState<TRow[]>(() => toRows(config));
  const [scale, setScale] = useState({ min: String(config.scale.min), max: String(config.scale.max) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveCriteria(config.departmentId);
  const weights = rows.map((r) => ({ weight: Number(r.weight) || 0 }));
  const sum = weightSum(weights);
  const balanced = sum === APPRAISAL_WEIGHT_TOTAL;

  const update = (key: string, patch: Partial<TRow>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const onSave = async () => {
    setFormError(null);
    const input = {
      ownerEmail,
      department: config.departmentId,
      criteria: rows.map((r) => ({ name: r.name, description: r.description, weight: Number(r.weight) })),
      scale: { min: Number(scale.min), max: Number(scale.max) },
    };
    const parsed = ZAppraisalConfigInput.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (!next[path]) next[path] = issue.message;
      }
      setErrors(next);
      if (next.criteria) setFormError(t('criteria.sumOff', { sum }));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(input);
    } catch (error) {
      setFormError(appraisalError(t, error));
    }
  };

  const err = (path: string) => fieldErrorText(t, errors[path]);

  return (
    <PanelCard
      title={t('criteria.title')}
      subtitle={t('criteria.subtitle')}
      action={<Chip color={balanced ? 'success' : 'warning'} label={t('criteria.sum', { sum })} data-testid="weight-sum" aria-live="polite" />}
    >
      <Stack spacing={2} sx={{ px: 3, pb: 3 }}>
        {rows.length === 0 ? <EmptyState compact Icon={RuleIcon} title={t('criteria.empty')} body={t('criteria.emptyBody')} /> : null}
        {rows.map((row, index) => (
          <Stack key={row.key} direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }} data-testid="criterion-row">
            <TextField
              label={t('criteria.name')}
              value={row.name}
              onChange={(e) => update(row.key, { name: e.target.value })}
              error={Boolean(errors[`criteria.${index}.name`])}
              helperText={err(`criteria.${index}.name`)}
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { maxLength: 80, 'data-testid': `criterion-name-${index}` } }}
            />
            <TextField
              label={t('criteria.descriptionField')}
              value={row.description}
              onChange={(e) => update(row.key, { description: e.target.value })}
              error={Boolean(errors[`criteria.${index}.description`])}
              helperText={err(`criteria.${index}.description`)}
              sx={{ flex: 3 }}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <TextField
              label={t('criteria.weight')}
              type="number"
              value={row.weight}
              onChange={(e) => update(row.key, { weight: e.target.value })}
              error={Boolean(errors[`criteria.${index}.weight`])}
              helperText={err(`criteria.${index}.weight`)}
              sx={{ width: { md: 120 } }}
              slotProps={{ htmlInput: { min: 1, max: 100, step: 1, inputMode: 'numeric', 'data-testid': `criterion-weight-${index}` } }}
            />
            <Box sx={{ pt: { md: 1 } }}>
              <IconButton aria-label={t('criteria.remove', { name: row.name || index + 1 })} onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}>
                <DeleteIcon />
              </IconButton>
            </Box>
          </Stack>
        ))}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => setRows((list) => [...list, { key: newKey(), name: '', description: '', weight: '' }])} data-testid="add-criterion">
            {t('criteria.add')}
          </Button>
        </Box>
        <Typography variant="subtitle2" component="h3">
          {t('criteria.scale')}
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <TextField label={t('criteria.scaleMin')} type="number" value={scale.min} onChange={(e) => setScale((s) => ({ ...s, min: e.target.value }))} error={Boolean(errors['scale.min'])} helperText={err('scale.min')} sx={{ width: 160 }} />
          <TextField label={t('criteria.scaleMax')} type="number" value={scale.max} onChange={(e) => setScale((s) => ({ ...s, max: e.target.value }))} error={Boolean(errors['scale.max'])} helperText={err('scale.max')} sx={{ width: 160 }} />
        </Stack>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box>
          <Button variant="contained" onClick={onSave} loading={save.isPending} data-testid="save-criteria">
            {t('criteria.save')}
          </Button>
        </Box>
      </Stack>
    </PanelCard>
  );
};
