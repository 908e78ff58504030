import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { TGeofenceExemption, TRosterEmployee } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { useDesignations } from '../../employees/api.ts';
import { useAddExemption, useDeleteExemption, useExemptions } from '../api.ts';

const whoOf = (t: (k: string, o?: Record<string, unknown>) => string, x: TGeofenceExemption) => x.employeeName ?? t('exemptions.everyone', { name: x.designationName ?? '' });

/** Issue 33: employees, or whole designations (drivers on the road), whose check-ins are not held to the sites' geofence. */
export const GeofenceExemptions = ({ email, employees }: { email: string; employees: TRosterEmployee[] }) => {
  const { t } = useTranslation('time');
  const list = useExemptions();
  const designations = useDesignations(email);
  const add = useAddExemption();
  const remove = useDeleteExemption();
  const [adding, setAdding] = useState(false);
  const [by, setBy] = useState<'employee' | 'designation'>('employee');
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TGeofenceExemption | null>(null);

  const onAdd = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!target) return setError(t('exemptions.targetRequired', { field: t(by === 'employee' ? 'exemptions.employee' : 'exemptions.designation') }));
    add.mutate({ ...(by === 'employee' ? { employeeId: target } : { designationId: target }), ...(reason.trim() ? { reason: reason.trim() } : {}) }, {
      onSuccess: () => { setAdding(false); setTarget(''); setReason(''); setError(null); flash(t('attendance.saved'), 'success'); },
      onError: (err) => setError(displayError(t, err, { employeeId: t('exemptions.employee'), designationId: t('exemptions.designation'), reason: t('exemptions.reason') })),
    });
  };

  return (
    <PanelCard title={t('exemptions.title')} subtitle={t('exemptions.help')} action={<Button variant="outlined" onClick={() => setAdding(true)}>{t('exemptions.add')}</Button>}>
      {list.isLoading ? null : (list.data ?? []).length === 0 ? (
        <Typography variant="body2" sx={{ px: 3, pb: 3, color: 'text.secondary' }}>{t('exemptions.none')}</Typography>
      ) : (
        <List sx={{ px: 1, pb: 2 }}>
          {list.data!.map((x) => (
            <ListItem key={x._id} secondaryAction={<IconButton edge="end" aria-label={t('exemptions.remove', { name: whoOf(t, x) })} onClick={() => setDeleting(x)}><DeleteIcon /></IconButton>}>
              <ListItemText primary={whoOf(t, x)} secondary={x.reason ?? undefined} />
            </ListItem>
          ))}
        </List>
      )}
      <FormDialog open={adding} title={t('exemptions.add')} submitLabel={t('exemptions.add')} busy={add.isPending} error={error} onSubmit={onAdd} onClose={() => setAdding(false)}>
        <ToggleButtonGroup exclusive size="small" value={by} onChange={(_, v) => { if (v) { setBy(v); setTarget(''); } }} aria-label={t('exemptions.title')}>
          <ToggleButton value="employee">{t('exemptions.byEmployee')}</ToggleButton>
          <ToggleButton value="designation">{t('exemptions.byDesignation')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField select required label={t(by === 'employee' ? 'exemptions.employee' : 'exemptions.designation')} value={target} onChange={(e) => setTarget(e.target.value)}>
          {by === 'employee'
            ? employees.map((e) => <MenuItem key={e._id} value={e._id}>{e.name}</MenuItem>)
            : (designations.data ?? []).map((d) => <MenuItem key={d._id} value={d._id}>{d.name}</MenuItem>)}
        </TextField>
        <TextField label={t('exemptions.reason')} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 300 } }} />
      </FormDialog>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={deleting ? t('exemptions.deleteTitle', { name: whoOf(t, deleting) }) : ''}
        body={t('exemptions.deleteBody')}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSuccess: () => setDeleting(null), onError: (err) => flash(displayError(t, err), 'error') })}
        onClose={() => setDeleting(null)}
      />
    </PanelCard>
  );
};
