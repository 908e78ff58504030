import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXPENSE_CATEGORIES, EXPENSE_CLAIM_STATUSES, type TExpenseClaim, type TExpenseListQuery } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { Money } from '../../../shared/ui/Money.tsx';
import { hasRole } from '../../../shared/access.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { businessToday, formatDate } from '../../../shared/format/dates.ts';
import { useAllClaims, usePayDirect } from '../api.ts';
import { ClaimLines, ClaimOutcome, ClaimStatusChip } from '../components/ClaimList.tsx';
import { OwnClaims } from '../components/OwnClaims.tsx';

/** Expense claims: a user's own claims, and for HR and Accounts every claim with filters, totals and direct payment. */
export const ExpensesPage = () => {
  const { t } = useTranslation('expenses');
  const user = useCurrentUser();
  const canReview = hasRole(user.roles, 'HR-access') || hasRole(user.roles, 'Accounts-access');
  const [tab, setTab] = useState<'all' | 'mine'>(canReview ? 'all' : 'mine');
  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} />
      {canReview ? (
        <Tabs value={tab} onChange={(_, v: 'all' | 'mine') => setTab(v)} variant="scrollable" aria-label={t('title')}>
          <Tab value="all" label={t('allClaims')} />
          <Tab value="mine" label={t('myClaims')} />
        </Tabs>
      ) : null}
      {tab === 'all' && canReview ? <AllClaims canPay={hasRole(user.roles, 'Accounts-access')} /> : <OwnClaims scope={{ kind: 'self' }} />}
    </Stack>
  );
};

const AllClaims = ({ canPay }: { canPay: boolean }) => {
  const { t, i18n } = useTranslation('expenses');
  const [q, setQ] = useState<TExpenseListQuery>({});
  const [paying, setPaying] = useState<TExpenseClaim | null>(null);
  const query = useAllClaims(q);
  const set = (key: keyof TExpenseListQuery, value: string) => setQ((old) => ({ ...old, [key]: value || undefined }));
  const data = query.data;
  return (
    <PanelCard title={t('allClaims')}>
      <Stack spacing={2} sx={{ px: 3, pb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label={t('fields.status')} value={q.status ?? ''} onChange={(e) => set('status', e.target.value)} sx={{ minWidth: 180 }}>
            <MenuItem value="">{t('fields.all')}</MenuItem>
            {EXPENSE_CLAIM_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`statuses.${s}`)}</MenuItem>)}
          </TextField>
          <TextField select label={t('fields.category')} value={q.category ?? ''} onChange={(e) => set('category', e.target.value)} sx={{ minWidth: 160 }}>
            <MenuItem value="">{t('fields.all')}</MenuItem>
            {EXPENSE_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{t(`categories.${c}`)}</MenuItem>)}
          </TextField>
          <TextField type="date" label={t('fields.from')} value={q.from ?? ''} onChange={(e) => set('from', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="date" label={t('fields.to')} value={q.to ?? ''} onChange={(e) => set('to', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        </Stack>
        {query.isLoading ? <Skeleton variant="rounded" height={120} /> : query.error ? (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}>{displayError(t, query.error)}</Alert>
        ) : (
          <>
            <Box component="section" aria-label={t('totals')}>
              <Typography variant="subtitle2" component="h2">{t('totals')}</Typography>
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
                <Typography variant="body2">{t('count', { count: data!.totals.count })}: <Money minor={data!.totals.totalMinor} currency={data!.claims[0]?.currency ?? null} /></Typography>
                {Object.entries(data!.totals.byStatus).map(([status, v]) => (
                  <Typography key={status} variant="body2">{t(`statuses.${status}`)}: {t('count', { count: v.count })}, <Money minor={v.totalMinor} currency={data!.claims[0]?.currency ?? null} /></Typography>
                ))}
              </Stack>
            </Box>
            {data!.truncated ? <Alert severity="info">{t('truncated')}</Alert> : null}
            {data!.claims.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('noMatches')}</Typography> : data!.claims.map((c) => (
              <Box key={c._id} component="section" aria-label={`${c.number} ${c.employeeName}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h3">{c.number} · {c.employeeName} · {c.title}</Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Money minor={c.totalMinor} currency={c.currency} />
                    <ClaimStatusChip status={c.status} />
                  </Stack>
                </Stack>
                {c.submittedAt ? <Typography variant="caption">{formatDate(c.submittedAt, i18n.language)}</Typography> : null}
                <ClaimLines claim={c} scope={{ kind: 'self' }} />
                <ClaimOutcome claim={c} />
                {canPay && c.status === 'approved' ? <Button size="small" sx={{ mt: 1 }} onClick={() => setPaying(c)}>{t('payDirect')}</Button> : null}
              </Box>
            ))}
          </>
        )}
      </Stack>
      {paying ? <PayDirectDialog claim={paying} onClose={() => setPaying(null)} /> : null}
    </PanelCard>
  );
};

const PayDirectDialog = ({ claim, onClose }: { claim: TExpenseClaim; onClose: () => void }) => {
  const { t } = useTranslation('expenses');
  const pay = usePayDirect();
  const [paidOn, setPaidOn] = useState(businessToday());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refError, setRefError] = useState<string | null>(null);
  const onPay = async () => {
    setError(null);
    if (!reference.trim()) return setRefError(t('validation.referenceRequired', { field: t('fields.reference') }));
    try {
      await pay.mutateAsync({ claimId: claim._id, input: { paidOn, reference: reference.trim() } });
      onClose();
    } catch (e) {
      setError(displayError(t, e));
    }
  };
  return (
    <Dialog open onClose={pay.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="pay-direct-title">
      <DialogTitle id="pay-direct-title">{t('payDirectTitle', { number: claim.number })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('payDirectHelp')}</Typography>
          <TextField type="date" label={t('fields.paidOn')} value={paidOn} onChange={(e) => setPaidOn(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: businessToday() } }} />
          <TextField label={t('fields.reference')} value={reference} onChange={(e) => { setReference(e.target.value); setRefError(null); }} required error={Boolean(refError)} helperText={refError} />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pay.isPending}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => void onPay()} disabled={pay.isPending}>{t('record')}</Button>
      </DialogActions>
    </Dialog>
  );
};
