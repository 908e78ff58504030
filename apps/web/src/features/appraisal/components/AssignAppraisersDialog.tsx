import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZAssignAppraisers, type TAssignAppraisersResult, type TEmployee } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useAssignAppraisers } from '../api.ts';
import { appraisalError } from '../messages.ts';
import { PersonSelect } from './PersonSelect.tsx';

type TProps = {
  departments: ReadonlyArray<{ _id: string; name: string }>;
  departmentId: string;
  /** Everyone of the business: the appraiser may work in another department. */
  staff: readonly TEmployee[];
  onClose: () => void;
};

/** One dialog for a whole department: each employee's upline (then superior) as appraiser, or one person for all. */
export const AssignAppraisersDialog = ({ departments, departmentId, staff, onClose }: TProps) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const [department, setDepartment] = useState(departmentId);
  const [mode, setMode] = useState<'uplines' | 'person'>('uplines');
  const [appraiserId, setAppraiserId] = useState('');
  const [replace, setReplace] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TAssignAppraisersResult | null>(null);
  const assign = useAssignAppraisers();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    const parsed = ZAssignAppraisers.safeParse({ department, mode, replace, ...(mode === 'person' ? { appraiserId: appraiserId || undefined } : {}) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      setResult((await assign.mutateAsync(parsed.data)).data);
    } catch (err) {
      setError(appraisalError(t, err));
    }
  };

  return (
    <FormDialog open title={t('assign.title')} description={t('assign.body')} submitLabel={t('assign.submit')} busy={assign.isPending} error={error} onSubmit={onSubmit} onClose={onClose}>
      <TextField select label={t('assign.department')} value={department} onChange={(e) => { setDepartment(e.target.value); setResult(null); }} fullWidth slotProps={{ htmlInput: { 'data-testid': 'assign-department' } }}>
        {departments.map((d) => (
          <MenuItem key={d._id} value={d._id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id="assign-mode-label">{t('assign.mode')}</FormLabel>
        <RadioGroup aria-labelledby="assign-mode-label" value={mode} onChange={(e) => setMode(e.target.value as 'uplines' | 'person')}>
          <FormControlLabel value="uplines" control={<Radio />} label={t('assign.uplines')} />
          <FormControlLabel value="person" control={<Radio />} label={t('assign.person')} />
        </RadioGroup>
      </FormControl>
      {mode === 'person' ? (
        <Stack spacing={0.5}>
          <PersonSelect label={t('assign.appraiser')} value={appraiserId} onChange={setAppraiserId} people={staff} testId="assign-appraiser" />
          {errors.appraiserId ? <Alert severity="error">{t('assign.appraiserRequired')}</Alert> : null}
        </Stack>
      ) : null}
      <FormControlLabel control={<Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)} />} label={t('assign.replace')} />
      {result ? (
        <Alert severity={result.unassigned.length ? 'warning' : 'success'} data-testid="assign-result">
          {t('assign.assigned', { count: result.assigned })} {result.kept ? t('assign.kept', { count: result.kept }) : ''}
          {result.unassigned.length ? ` ${t('assign.unassigned', { count: result.unassigned.length, names: result.unassigned.map((u) => u.name).join(', ') })}` : ''}
        </Alert>
      ) : null}
    </FormDialog>
  );
};
