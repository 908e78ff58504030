import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayError } from '../../../shared/i18n/index.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { useFileOwnComplaint, useOwnComplaints } from '../portalApi.ts';
import { ComplaintForm } from './ComplaintsPanel.tsx';
import { formatDate } from '../../../shared/format/dates.ts';

/** The portal's complaints: what the employee filed and where each stands, and a form to file one. */
export const PortalComplaints = ({ employeeId, token }: { employeeId: string; token: string }) => {
  const { t, i18n } = useTranslation('time');
  const complaints = useOwnComplaints(employeeId, token);
  const file = useFileOwnComplaint(employeeId, token);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ complainDetail: '', dueDate: '', employeeId: '' });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    file.mutate({ complainDetail: form.complainDetail, dueDate: form.dueDate }, {
      onSuccess: () => { setOpen(false); setForm({ complainDetail: '', dueDate: '', employeeId: '' }); },
      onError: (e) => setError(displayError(t, e)),
    });
  };
  return (
    <PanelCard title={t('portal.complaintsTitle')} action={<Button variant="outlined" onClick={() => setOpen(true)}>{t('complaints.file')}</Button>}>
      <Stack sx={{ px: 3, pb: 3 }}>
        {complaints.isLoading ? <Skeleton variant="rounded" height={60} /> : complaints.error ? <Alert severity="error">{displayError(t, complaints.error)}</Alert>
          : complaints.data!.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('portal.noComplaints')}</Typography> : (
            <List dense>
              {complaints.data!.map((c) => (
                <ListItem key={c._id} secondaryAction={<Chip size="small" label={t(`complaints.statuses.${c.status}`)} />}>
                  <ListItemText primary={c.complainDetail} secondary={c.resolutionNote ?? `${t('complaints.dueDate')}: ${formatDate(c.dueDate, i18n.language)}`} />
                </ListItem>
              ))}
            </List>
          )}
      </Stack>
      <ComplaintForm open={open} onClose={() => setOpen(false)} onSubmit={onSubmit} busy={file.isPending} error={error} form={form} setForm={setForm} />
    </PanelCard>
  );
};
