import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TExpenseClaim, TExpenseClaimStatus } from '@bizdesk/contract';
import { Money } from '../../../shared/ui/Money.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { downloadReceipt, useDeleteClaim, useSubmitClaim, type TExpenseScope } from '../api.ts';

const STATUS_COLOR: Record<TExpenseClaimStatus, ChipProps['color']> = { draft: 'default', submitted: 'info', approved: 'primary', rejected: 'error', reimbursed: 'success' };

export const ClaimStatusChip = ({ status }: { status: TExpenseClaimStatus }) => {
  const { t } = useTranslation('expenses');
  // MUI's info blue under white text is below 4.5:1; its dark shade is not.
  return <Chip size="small" color={STATUS_COLOR[status]} sx={STATUS_COLOR[status] === 'info' ? { bgcolor: 'info.dark' } : undefined} label={t(`statuses.${status}`)} />;
};

/** Where the money stands: the approver's reason, the run or the direct payment that paid it back. */
export const ClaimOutcome = ({ claim }: { claim: TExpenseClaim }) => {
  const { t, i18n } = useTranslation('expenses');
  const r = claim.reimbursement;
  return (
    <>
      {claim.decisionReason ? <Typography variant="body2">{t('reasonFromApprover', { by: claim.decidedBy ?? '', reason: claim.decisionReason })}</Typography> : null}
      {r?.method === 'payroll' && r.month ? (
        <Typography variant="body2">{t(claim.status === 'reimbursed' ? 'reimbursedInRun' : 'scheduledForRun', { month: r.month })}</Typography>
      ) : null}
      {r?.method === 'direct' && r.paidOn ? <Typography variant="body2">{t('reimbursedDirect', { date: formatDate(r.paidOn, i18n.language), reference: r.reference ?? '' })}</Typography> : null}
    </>
  );
};

/** The lines of a claim with their receipts (the requester, HR and the approver read the same). */
export const ClaimLines = ({ claim, scope }: { claim: TExpenseClaim; scope: TExpenseScope }) => {
  const { t, i18n } = useTranslation('expenses');
  const [error, setError] = useState<string | null>(null);
  return (
    <Box>
      <List dense disablePadding>
        {claim.lines.map((l) => (
          <ListItem key={l._id} disableGutters sx={{ display: 'block' }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Typography variant="body2">
                {t(`categories.${l.category}`)} · {formatDate(l.date, i18n.language)}{l.vendor ? ` · ${l.vendor}` : ''}{l.description ? ` · ${l.description}` : ''}
                {l.projectTag ? ` · ${t('fields.project')}: ${l.projectTag}` : ''}
              </Typography>
              <Money minor={l.amountMinor} currency={claim.currency} />
            </Stack>
            {l.receipt ? (
              <Link component="button" type="button" variant="body2" onClick={() => downloadReceipt(scope, l.receipt!).catch((e: unknown) => setError(displayError(t, e)))}>
                {t('receiptAttached', { name: l.receipt.name })}
              </Link>
            ) : null}
            {l.isInProjectCosts ? <Chip size="small" variant="outlined" label={t('inProjectCosts')} sx={{ ml: 1 }} /> : null}
          </ListItem>
        ))}
      </List>
      {error ? <Alert severity="error">{error}</Alert> : null}
    </Box>
  );
};

/** The requester's claims: status, total, the approver's reason, and what they may still do with each. */
export const ClaimList = ({ scope, claims, onEdit }: { scope: TExpenseScope; claims: TExpenseClaim[]; onEdit: (claim: TExpenseClaim) => void }) => {
  const { t } = useTranslation('expenses');
  const submit = useSubmitClaim(scope);
  const remove = useDeleteClaim(scope);
  const [deleting, setDeleting] = useState<TExpenseClaim | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack spacing={2}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {claims.map((c) => (
        <Box key={c._id} component="section" aria-label={`${c.number} ${c.title}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h3">{c.number} · {c.title}</Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Money minor={c.totalMinor} currency={c.currency} />
              <ClaimStatusChip status={c.status} />
            </Stack>
          </Stack>
          <ClaimLines claim={c} scope={scope} />
          <ClaimOutcome claim={c} />
          {c.status === 'draft' || c.status === 'rejected' ? (
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Button size="small" onClick={() => onEdit(c)}>{c.status === 'rejected' ? t('sendAgain') : t('edit')}</Button>
              {c.status === 'draft' ? (
                <Button size="small" variant="contained" disabled={submit.isPending}
                  onClick={() => submit.mutateAsync(c._id).catch((e: unknown) => setError(displayError(t, e)))}>{t('submit')}</Button>
              ) : null}
              <Button size="small" color="error" onClick={() => setDeleting(c)}>{t('delete')}</Button>
            </Stack>
          ) : null}
        </Box>
      ))}
      <ConfirmDialog open={Boolean(deleting)} title={t('delete')} body={deleting ? t('confirmDelete', { number: deleting.number }) : ''} confirmLabel={t('delete')} destructive
        busy={remove.isPending} onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutateAsync(deleting._id).then(() => setDeleting(null), (e: unknown) => { setDeleting(null); setError(displayError(t, e)); })} />
    </Stack>
  );
};
