import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COMPLAINT_CATEGORIES, type TComplaintCategory } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import type { TComplaintDraft } from '../api.ts';

type TPerson = { _id: string; name: string };
const EMPTY = { complainDetail: '', category: '' as TComplaintCategory | '', aboutEmployeeId: '', employeeId: '', anonymous: false };

/**
 * Filing a complaint, for HR (who may name the complainant) and the portal (the employee's own). Category and
 * detail are required; "about whom" is optional; anonymous hides the complainant from HR (the portal still lists it
 * as theirs). The due date is HR's policy for the category, so the form no longer asks for one.
 */
export const ComplaintForm = ({ open, onClose, onSubmit, busy, error, people, complainants }: {
  open: boolean; onClose: () => void; onSubmit: (draft: TComplaintDraft) => void; busy: boolean; error: string | null;
  /** Whom it may be about (HR's roster); absent in the portal, which has no staff list. */
  people?: TPerson[];
  /** HR only: the employee who complains (none: a general complaint). */
  complainants?: TPerson[];
}) => {
  const { t } = useTranslation('time');
  const [form, setForm] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<{ category?: string; complainDetail?: string }>({});
  useEffect(() => {
    if (open) {
      setForm(EMPTY);
      setFieldErrors({});
    }
  }, [open]);
  const isPortal = !complainants;
  // Anonymous only means something when there is a complainant to hide.
  const canBeAnonymous = isPortal || Boolean(form.employeeId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = {
      ...(form.category ? {} : { category: t('complaints.fieldRequired', { field: t('complaints.category') }) }),
      ...(form.complainDetail.trim() ? {} : { complainDetail: t('complaints.fieldRequired', { field: t('complaints.detail') }) }),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    onSubmit({
      complainDetail: form.complainDetail.trim(), category: form.category as TComplaintCategory,
      ...(form.aboutEmployeeId ? { aboutEmployeeId: form.aboutEmployeeId } : {}),
      ...(form.employeeId ? { employeeId: form.employeeId } : {}),
      anonymous: canBeAnonymous && form.anonymous,
    });
  };
  return (
    <FormDialog open={open} title={t('complaints.file')} submitLabel={t('complaints.file')} busy={busy} error={error} onSubmit={submit} onClose={onClose}>
      <TextField select label={t('complaints.category')} value={form.category} required onChange={(e) => setForm({ ...form, category: e.target.value as TComplaintCategory })}
        error={Boolean(fieldErrors.category)} helperText={fieldErrors.category} slotProps={{ htmlInput: { 'data-testid': 'complaint-category' } }}>
        {COMPLAINT_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{t(`complaints.categories.${c}`)}</MenuItem>)}
      </TextField>
      {complainants ? (
        <TextField select label={t('complaints.from')} value={form.employeeId} onChange={(e) => setForm({ ...form, employeeId: e.target.value })}>
          <MenuItem value="">{t('complaints.general')}</MenuItem>
          {complainants.map((e) => <MenuItem key={e._id} value={e._id}>{e.name}</MenuItem>)}
        </TextField>
      ) : null}
      {people ? (
        <TextField select label={t('complaints.about')} value={form.aboutEmployeeId} onChange={(e) => setForm({ ...form, aboutEmployeeId: e.target.value })} helperText={t('complaints.aboutHelp')}>
          <MenuItem value="">{t('complaints.aboutNobody')}</MenuItem>
          {people.map((e) => <MenuItem key={e._id} value={e._id}>{e.name}</MenuItem>)}
        </TextField>
      ) : null}
      <TextField label={t('complaints.detail')} value={form.complainDetail} onChange={(e) => setForm({ ...form, complainDetail: e.target.value })} required multiline minRows={3}
        error={Boolean(fieldErrors.complainDetail)} helperText={fieldErrors.complainDetail} slotProps={{ htmlInput: { 'data-testid': 'complaint-detail', maxLength: 4000 } }} />
      {canBeAnonymous ? (
        <div>
          <FormControlLabel control={<Checkbox checked={form.anonymous} onChange={(e) => setForm({ ...form, anonymous: e.target.checked })} />} label={t('complaints.anonymous')} />
          <FormHelperText sx={{ mt: 0 }}>{t(isPortal ? 'complaints.anonymousHelpPortal' : 'complaints.anonymousHelp')}</FormHelperText>
        </div>
      ) : null}
      <Alert severity="info">{t('complaints.duePolicy')}</Alert>
    </FormDialog>
  );
};
