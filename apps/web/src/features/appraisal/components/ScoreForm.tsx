import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { weightedTotal, type TAppraisalFormView } from '@bizdesk/contract';
import { useSubmitScores } from '../api.ts';
import { appraisalError } from '../messages.ts';

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** The appraiser's (or downline's) form: a score per criterion, comments, the live weighted total. */
export const ScoreForm = ({ form, token, onDone }: { form: TAppraisalFormView; token: string; onDone: () => void }) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const [scores, setScores] = useState<Record<string, number>>({});
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitScores(token);
  const complete = form.criteria.every((c) => scores[c._id] !== undefined);
  const list = form.criteria.map((c) => ({ criterionId: c._id, score: scores[c._id] ?? 0, comment: notes[c._id] ?? '' }));
  const total = complete ? weightedTotal(form.criteria, list) : null;

  const onSubmit = async () => {
    setError(null);
    if (!complete) {
      setError(t('form.scoreEvery'));
      return;
    }
    try {
      await submit.mutateAsync({ scores: list, totalScore: total ?? undefined, comments, employeeName: form.employeeName, designation: form.designation });
      onDone();
    } catch (err) {
      setError(appraisalError(t, err));
    }
  };

  return (
    <Stack spacing={2}>
      {form.criteria.map((c) => (
        <Card key={c._id} variant="outlined" data-testid="score-criterion">
          <CardContent>
            <FormControl component="fieldset" fullWidth>
              <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600 }}>
                {c.name} <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>· {t('form.weight', { weight: c.weight })}</Typography>
              </FormLabel>
              {c.description ? (
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                  {c.description}
                </Typography>
              ) : null}
              <RadioGroup row aria-label={t('form.score', { name: c.name })} value={scores[c._id] ?? ''} onChange={(e) => setScores((s) => ({ ...s, [c._id]: Number(e.target.value) }))}>
                {range(form.scale.min, form.scale.max).map((v) => (
                  <FormControlLabel key={v} value={v} control={<Radio />} label={String(v)} />
                ))}
              </RadioGroup>
              <TextField size="small" label={t('form.comment')} value={notes[c._id] ?? ''} onChange={(e) => setNotes((n) => ({ ...n, [c._id]: e.target.value }))} slotProps={{ htmlInput: { maxLength: 1000 } }} sx={{ mt: 1 }} />
            </FormControl>
          </CardContent>
        </Card>
      ))}
      <TextField label={t('form.comments')} multiline minRows={3} value={comments} onChange={(e) => setComments(e.target.value)} slotProps={{ htmlInput: { maxLength: 4000 } }} />
      <Typography variant="h6" component="p" aria-live="polite" data-testid="form-total">
        {total === null ? t('form.totalPending') : t('form.total', { total, max: form.scale.max })}
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Box>
        <Button variant="contained" size="large" onClick={onSubmit} loading={submit.isPending} data-testid="submit-appraisal">
          {t('form.submit')}
        </Button>
      </Box>
    </Stack>
  );
};
