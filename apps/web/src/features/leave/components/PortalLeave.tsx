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
import { formatDate } from '../../../shared/format/dates.ts';
import { leaveTypeName } from '../../../shared/i18n/words.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { useOwnLeave, useRequestOwnLeave } from '../portalApi.ts';
import { LeaveRequestDialog } from './LeaveRequests.tsx';

const STATUS_COLOR = { pending: 'warning', approved: 'success', declined: 'default' } as const;

/** The portal's leave: balances of each type and the status of the employee's requests, and a request form. */
export const PortalLeave = ({ employeeId, token }: { employeeId: string; token: string }) => {
  const { t, i18n } = useTranslation('time');
  const leave = useOwnLeave(employeeId, token);
  const request = useRequestOwnLeave(employeeId, token);
  const [open, setOpen] = useState(false);
  return (
    <PanelCard title={t('portal.leaveTitle')} action={<Button variant="contained" onClick={() => setOpen(true)} disabled={!leave.data} data-testid="portal-request-leave">{t('leave.request')}</Button>}>
      <Stack spacing={2} sx={{ px: 3, pb: 3 }} data-testid="portal-leave">
        {leave.isLoading ? <Skeleton variant="rounded" height={80} /> : leave.error ? <Alert severity="error">{displayError(t, leave.error)}</Alert> : (
          <>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {leave.data!.balances.map((b) => (
                <Chip key={b.leaveTypeId} variant="outlined" label={`${leaveTypeName(t, b.type)}: ${t('leave.balanceLine', { available: b.available, entitlement: b.entitlement })}`} />
              ))}
            </Stack>
            {leave.data!.requests.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('portal.noRequests')}</Typography> : (
              <List dense>
                {leave.data!.requests.map((r) => (
                  <ListItem key={r._id} secondaryAction={<Chip size="small" color={STATUS_COLOR[r.status]} label={t(`leave.statuses.${r.status}`)} data-testid="portal-leave-status" />}>
                    <ListItemText primary={`${leaveTypeName(t, r.type)} · ${formatDate(r.startDate, i18n.language)} – ${formatDate(r.endDate, i18n.language)} (${r.days})`} secondary={r.decisionReason ?? r.reason} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </Stack>
      <LeaveRequestDialog open={open} onClose={() => setOpen(false)} employeeId={employeeId} typeNames={leave.data?.balances.map((b) => b.type) ?? []}
        request={(v) => request.mutateAsync({ input: v.input })} />
    </PanelCard>
  );
};
