import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import type { TInvitation } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { flash } from '../../../shared/ui/flash.ts';
import { useResendInvitation, useRevokeInvitation } from '../api.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';

type TProps = { invitations: readonly TInvitation[] };

/**
 * Invitations not yet accepted (issue 10): when each was sent and until when its link works, with Resend
 * (a new link; the old one stops working) and Revoke (after a confirmation). A list, not a grid, so its
 * actions stay in view on a phone.
 */
export const InvitationsPanel = ({ invitations }: TProps) => {
  const { t, i18n } = useTranslation('app');
  const [revoking, setRevoking] = useState<TInvitation | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const onError = (error: unknown) => flash(displayError(t, error), 'error');

  if (invitations.length === 0) return null;
  return (
    <PanelCard title={t('settings.users.invitations.title')} subtitle={t('settings.users.invitations.subtitle')}>
      <Box component="ul" aria-label={t('settings.users.invitations.title')} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="invitations">
        {invitations.map((invitation) => {
          const sentAt = formatDate(invitation.sentAt, i18n.language);
          const expired = invitation.status === 'expired';
          return (
            <Box component="li" key={invitation._id} sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 2 }} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                      {invitation.userName}
                    </Typography>
                    <Chip size="small" variant="outlined" label={t(`settings.users.invitations.status.${invitation.status}`)} />
                  </Stack>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Typography>
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                    {invitation.invitedBy ? t('settings.users.invitations.sent', { date: sentAt, name: invitation.invitedBy }) : t('settings.users.invitations.sentOnly', { date: sentAt })}
                    {' · '}
                    {expired ? t('settings.users.invitations.expired') : t('settings.users.invitations.expires', { date: formatDate(invitation.expiresAt, i18n.language) })}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<SendIcon />}
                    aria-label={t('settings.users.invitations.resendLabel', { email: invitation.email })}
                    disabled={resend.isPending && resend.variables === invitation._id}
                    onClick={() => resend.mutate(invitation._id, { onError })}
                  >
                    {t('settings.users.invitations.resend')}
                  </Button>
                  <Button size="small" color="error" variant="outlined" startIcon={<CancelIcon />} aria-label={t('settings.users.invitations.revokeLabel', { email: invitation.email })} onClick={() => setRevoking(invitation)}>
                    {t('settings.users.invitations.revoke')}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          );
        })}
      </Box>
      <ConfirmDialog
        open={!!revoking}
        destructive
        title={t('settings.users.invitations.revokeTitle', { name: revoking?.userName ?? '' })}
        body={t('settings.users.invitations.revokeBody', { email: revoking?.email ?? '' })}
        confirmLabel={t('settings.users.invitations.revokeConfirm')}
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking._id, { onSuccess: () => setRevoking(null), onError });
        }}
      />
    </PanelCard>
  );
};
