import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { APPRAISAL_MAX_UPWARD_QUESTIONS, type TAppraisalCriterion } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { useSaveUpwardQuestions } from '../api.ts';
import { appraisalError } from '../messages.ts';

type TRow = { key: string; name: string; description: string };
const newKey = () => Math.random().toString(36).slice(2);

/** What staff answer about their manager in upward feedback (the whole business; each question weighs the same). */
export const UpwardQuestionsCard = ({ questions }: { questions: readonly TAppraisalCriterion[] }) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const [rows, setRows] = useState<TRow[]>(() => questions.map((q) => ({ key: q._id, name: q.name, description: q.description })));
  const [missing, setMissing] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveUpwardQuestions();
  const update = (key: string, patch: Partial<TRow>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const onSave = async () => {
    setFormError(null);
    const blank = rows.filter((r) => !r.name.trim()).map((r) => r.key);
    setMissing(blank);
    if (blank.length) return;
    if (!rows.length) {
      setFormError(t('upward.needOne'));
      return;
    }
    try {
      await save.mutateAsync({ questions: rows.map((r) => ({ name: r.name.trim(), description: r.description.trim() })) });
    } catch (error) {
      setFormError(appraisalError(t, error));
    }
  };

  return (
    <PanelCard title={t('upward.title')} subtitle={t('upward.subtitle')}>
      <Stack spacing={2} sx={{ px: 3, pb: 3 }} data-testid="upward-questions">
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('upward.count', { count: rows.length })}
        </Typography>
        {rows.map((r, i) => (
          <Stack key={r.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('upward.name', { n: i + 1 })}
              value={r.name}
              onChange={(e) => update(r.key, { name: e.target.value })}
              error={missing.includes(r.key)}
              helperText={missing.includes(r.key) ? t('upward.nameRequired', { n: i + 1 }) : undefined}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 80, 'data-testid': `upward-name-${i}` } }}
            />
            <TextField label={t('upward.descriptionField')} value={r.description} onChange={(e) => update(r.key, { description: e.target.value })} fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
            <IconButton aria-label={t('upward.remove', { name: r.name || i + 1 })} onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Stack direction="row" spacing={1}>
          <Button startIcon={<AddIcon />} onClick={() => setRows((list) => [...list, { key: newKey(), name: '', description: '' }])} disabled={rows.length >= APPRAISAL_MAX_UPWARD_QUESTIONS}>
            {t('upward.add')}
          </Button>
          <Button variant="contained" onClick={onSave} loading={save.isPending} data-testid="save-upward">
            {t('upward.save')}
          </Button>
        </Stack>
      </Stack>
    </PanelCard>
  );
};
