import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAppraisalFormView } from '@bizdesk/contract';
import { useCountersign } from '../api.ts';
import { appraisalError } from '../messages.ts';

/** The superior's view: the scored form, read-only, with a comment and Countersign. */
export const CountersignForm = ({ form, token, onDone }: { form: TAppraisalFormView; token: string; onDone: () => void }) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sign = useCountersign(token);
  const onSign = async () => {
    setError(null);
    try {
      await sign.mutateAsync({ comment });
      onDone();
    } catch (err) {
      setError(appraisalError(t, err));
    }
  };
  return (
    <Stack spacing={2}>
      <Typography>{t('form.countersignBody', { reviewer: form.reviewerName })}</Typography>
      <Table size="small">
        <TableBody>
          {form.criteria.map((c) => {
            const s = form.scores.find((x) => x.criterionId === c._id);
            return (
              <TableRow key={c._id}>
                <TableCell>
                  {c.name}
                  {s?.comment ? (
                    <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                      {s.comment}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right">
                  {s?.score ?? '—'} / {form.scale.max}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {form.comments ? <Typography sx={{ fontStyle: 'italic' }}>{form.comments}</Typography> : null}
      <Typography variant="h6" component="p" data-testid="form-total">
        {t('form.total', { total: form.totalScore ?? '—', max: form.scale.max })}
      </Typography>
      <TextField label={t('form.countersignComment')} multiline minRows={2} value={comment} onChange={(e) => setComment(e.target.value)} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Box>
        <Button variant="contained" size="large" onClick={onSign} loading={sign.isPending} data-testid="countersign">
          {t('form.countersign')}
        </Button>
      </Box>
    </Stack>
  );
};
