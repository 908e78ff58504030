import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TRunApproval } from '@bizdesk/contract';

/**
 * Issue 32: why the signed-in user cannot approve the run, said before they press anything (the server decides, in the
 * run's `approval`; this only words it). A sole owner is led to the setting that lets them approve their own runs.
 */
export const ApproveBlocked = ({ approval, isOwner }: { approval: TRunApproval; isOwner: boolean }) => {
  const { t } = useTranslation('pay');
  const block = approval.block ?? 'no-role';
  const key = block === 'preparer' && !isOwner ? 'preparerClerk' : block;
  return (
    <Alert severity="info" sx={{ mb: 3 }} data-testid="run-approve-blocked">
      <Typography variant="body2">{t(`approval.blocked.${key}`, { defaultValue: approval.reason ?? '' })}</Typography>
      {block === 'sole-owner-not-allowed' && isOwner ? (
        <Link component={RouterLink} to="/profile#payroll-approval" variant="body2">{t('approval.openSetting')}</Link>
      ) : null}
    </Alert>
  );
};

/** "Approved by X, who prepared it: <reason>" — the reason a self-approving owner recorded. */
export const SelfApprovalNote = ({ name, reason }: { name: string; reason: string }) => {
  const { t } = useTranslation('pay');
  return <Typography variant="body2" color="text.secondary" data-testid="run-self-approved">{t('approval.selfApprovedBy', { name, reason })}</Typography>;
};
