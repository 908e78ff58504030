import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { TProjectFigures } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useSaveProject } from '../api.ts';
import { checkAmount, minorToInput } from './fields.ts';

type TProps = { open: boolean; project?: TProjectFigures | null; dept: string; onClose: () => void; onSaved?: (tagName: string) => void };

/** Creates a project or changes its department, description, scope and budget. */
export const ProjectDialog = ({ open, project, dept, onClose, onSaved }: TProps) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const save = useSaveProject();
  const [v, setV] = useState({ tagName: '', dept: '', description: '', scope: '', budget: '' });
  const [errors, setErrors] = useState<{ tagName?: string; dept?: string; budget?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setV(project
      ? { tagName: project.tagName, dept: project.dept, description: project.projectDescription, scope: project.projectScope, budget: project.budgetMinor === null ? '' : minorToInput(project.budgetMinor) }
      : { tagName: '', dept, description: '', scope: '', budget: '' });
    setErrors({});
    setServerError(null);
  }, [open, project, dept]);
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [key]: e.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const budget = checkAmount(v.budget, i18n.language, true);
    const next = { tagName: v.tagName.trim() ? undefined : 'required', dept: v.dept.trim() ? undefined : 'required', budget: budget.error ?? undefined };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    save.mutate({ email: user.ownerEmail, tagName: v.tagName.trim(), dept: v.dept.trim(), projectDescription: v.description, projectScope: v.scope, budget: budget.value }, {
      onSuccess: () => { onSaved?.(v.tagName.trim()); onClose(); },
      onError: (err) => setServerError(displayError(t, err)),
    });
  };
  const err = (key: 'tagName' | 'dept' | 'budget') => (errors[key] ? t(`validation.${errors[key]}`) : undefined);
  return (
    <FormDialog open={open} title={project ? t('projectDialog.editTitle') : t('projectDialog.newTitle')} submitLabel={t('projectDialog.save')} busy={save.isPending} error={serverError} onSubmit={onSubmit} onClose={onClose}>
      <TextField label={t('fields.tagName')} value={v.tagName} onChange={set('tagName')} error={!!errors.tagName} helperText={err('tagName') ?? t('projectDialog.tagHelp')} required autoFocus disabled={!!project} slotProps={{ htmlInput: { maxLength: 120 } }} />
      <TextField label={t('fields.dept')} value={v.dept} onChange={set('dept')} error={!!errors.dept} helperText={err('dept')} required slotProps={{ htmlInput: { maxLength: 120 } }} />
      <TextField label={t('fields.budget')} value={v.budget} onChange={set('budget')} error={!!errors.budget} helperText={err('budget') ?? t('projectDialog.budgetHelp')} inputMode="decimal" />
      <TextField label={t('fields.projectDescription')} value={v.description} onChange={set('description')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      <TextField label={t('fields.projectScope')} value={v.scope} onChange={set('scope')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
    </FormDialog>
  );
};
