import { useState } from 'react';
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
import { formatDate } from '../../../shared/format/dates.ts';
import { useFileOwnComplaint, useOwnComplaints } from '../api.ts';
import { ComplaintForm } from './ComplaintForm.tsx';

/** The portal's complaints: what the employee filed (anonymous ones too: they stay theirs) and where each stands. */
export const PortalComplaints = ({ employeeId, token }: { employeeId: string; token: string }) => {
  const { t, i18n } = useTranslation('time');
  const complaints = useOwnComplaints(employeeId, token);
  const file = useFileOwnComplaint(employeeId, token);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <PanelCard title={t('portal.complaintsTitle')} action={<Button variant="outlined" onClick={() => { setError(null); setOpen(true); }}>{t('complaints.file')}</Button>}>
      <Stack sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
        {complaints.isLoading ? <Skeleton variant="rounded" height={60} /> : complaints.error ? <Alert severity="error">{displayError(t, complaints.error)}</Alert>
          : complaints.data!.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('portal.noComplaints')}</Typography> : (
            <List dense>
              {complaints.data!.map((c) => (
                <ListItem key={c._id} secondaryAction={<Chip size="small" label={t(`complaints.statuses.${c.status}`)} />} sx={{ pr: 12 }}>
                  <ListItemText
                    primary={c.complainDetail}
                    secondary={[
                      t(`complaints.categories.${c.category}`),
                      c.anonymous ? t('complaints.anonymousName') : null,
                      c.resolutionNote ?? `${t('complaints.dueDate')}: ${formatDate(c.dueDate, i18n.language)}`,
                    ].filter(Boolean).join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )}
      </Stack>
      <ComplaintForm open={open} onClose={() => setOpen(false)} busy={file.isPending} error={error}
        onSubmit={(draft) => file.mutate(draft, { onSuccess: () => setOpen(false), onError: (e) => setError(displayError(t, e)) })} />
    </PanelCard>
  );
};
