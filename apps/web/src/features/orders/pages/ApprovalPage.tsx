import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { APPROVAL_SERVICES, RULE_APPROVAL_SERVICES, type TApprovalRequest, type TApprovalService } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { MONEY_APPROVAL_SERVICES, MONEY_RULE_ROLES, approverRolesOf, hasRole } from '../../../shared/access.ts';
import { useUserData } from '../../users/api.ts';
import { useApprovalRules, useApprovals, useCreateApprovalRule } from '../api.ts';
import { LoadError, StatusChip, useProcurementTexts } from '../components/ProcurementUi.tsx';
import { ApprovalInbox, InboxDetailDialog } from '../components/ApprovalInbox.tsx';
import { ApprovalPolicies } from '../../approvals/ApprovalPolicies.tsx';
import { BandedRules } from '../../approvals/ApprovalRuleBands.tsx';
import { DelegationPanel } from '../../approvals/DelegationPanel.tsx';

const LIMIT = 10;

/** One request of the history; whoever may decide it (or decided it) opens the inbox's detail, where decisions are taken. */
const RequestCard = ({ request, onOpen }: { request: TApprovalRequest; onOpen: (r: TApprovalRequest) => void }) => {
  const { t, money, language, user } = useProcurementTexts();
  const mayOpen = request.canDecide || request.decisions.some((d) => d.userId === user._id);
  return (
    <Card variant="outlined" component="article" aria-label={request.title}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="overline">{t(`services.${request.service}`)}</Typography>
          <StatusChip status={request.status} />
          <Typography variant="body2" color="text.secondary">{t('orders.approvalsCount', { approvals: request.approvals, required: request.totalApprovalsRequired })}</Typography>
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>{request.title}</Typography>
        {request.amount !== null ? <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{money(request.amount, request.currency ?? undefined)}</Typography> : null}
        <Typography variant="body2" color="text.secondary">{t('approvals.requestedBy', { name: request.requestedBy.userName, when: formatDateTime(request.createdAt, language) })}</Typography>
        {request.decisions.map((d) => (
          <Typography key={d.userId} variant="body2">{t('approvals.decidedBy', { name: d.userName, decision: t(`status.${d.decision}`) })} · {formatDateTime(d.decidedAt, language)}{d.reason ? ` — ${d.reason}` : ''}</Typography>
        ))}
        {request.status === 'pending' && request.requestedBy._id === user._id ? <Typography variant="body2" color="text.secondary">{t('approvals.ownRequest')}</Typography> : null}
      </CardContent>
      {mayOpen ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant={request.canDecide ? 'contained' : 'outlined'} onClick={() => onOpen(request)} aria-label={t('approvals.inbox.openLabel', { title: request.title })}>
            {t('approvals.inbox.open')}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
};

/** Every request with its history (newest first), filtered by service. */
const Requests = ({ view }: { view: 'mine' | 'all' }) => {
  const { t } = useProcurementTexts();
  const [page, setPage] = useState(1);
  const [service, setService] = useState<TApprovalService | ''>('');
  const query = useApprovals(view, page, LIMIT, service || undefined);
  const [open, setOpen] = useState<TApprovalRequest | null>(null);
  const pages = Math.max(1, Math.ceil((query.data?.totalRecords ?? 0) / LIMIT));
  return (
    <Stack spacing={2}>
      <TextField select size="small" label={t('fields.service')} value={service} onChange={(e) => { setService(e.target.value as TApprovalService | ''); setPage(1); }} sx={{ maxWidth: 280 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
        <MenuItem value="">{t('status.all')}</MenuItem>
        {APPROVAL_SERVICES.map((s) => <MenuItem key={s} value={s}>{t(`services.${s}`)}</MenuItem>)}
      </TextField>
      {query.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.rows.length === 0 ? (
        <EmptyState Icon={TaskAltIcon} title={view === 'mine' ? t('approvals.emptyMine') : t('approvals.emptyAll')} body={view === 'mine' ? t('approvals.emptyMineBody') : undefined} compact headingLevel="h2" />
      ) : null}
      {(query.data?.rows ?? []).map((r) => <RequestCard key={r._id} request={r} onOpen={setOpen} />)}
      {pages > 1 ? <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} /> : null}
      {open ? <InboxDetailDialog key={open._id} target={{ kind: open.service, subjectId: open.subjectId }} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
};

const Rules = () => {
  const { t, user } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  // Payroll and payment rules: the owner or Accounts-access + Approvals-access; the rest: Settings-access (server rule).
  const canMoney = MONEY_RULE_ROLES.every((r) => hasRole(user.roles, r));
  const canOther = hasRole(user.roles, 'Settings-access');
  const allowed = (s: TApprovalService) => (MONEY_APPROVAL_SERVICES.includes(s) ? canMoney : canOther);
  const canEdit = canMoney || canOther;
  const rules = useApprovalRules();
  const users = useUserData(user._id, canEdit);
  const save = useCreateApprovalRule();
  const [service, setService] = useState<TApprovalService>(() => RULE_APPROVAL_SERVICES.find(allowed) ?? 'purchase-order');
  const [approvers, setApprovers] = useState<string[]>([]);
  const [required, setRequired] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const eligible = (users.data?.users ?? []).filter((u) => u.roles.includes('owner') || approverRolesOf(service).every((r) => u.roles.includes(r)));
  const pick = (s: TApprovalService) => {
    setService(s);
    setError(null);
    const rule = rules.data?.find((r) => r.serviceName === s);
    setApprovers(rule?.approvers.map((a) => a._id) ?? []);
    setRequired(String(rule?.totalApprovalsRequired ?? 1));
  };
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('approvals.rulesIntro')}</Typography>
      {rules.isError ? <LoadError error={rules.error} onRetry={() => void rules.refetch()} /> : null}
      {/* Issue 35: every rule as a card (bands and levels) with Edit, Retire and History; the form below sets a flat rule. */}
      <BandedRules user={user} />
      {canEdit ? (
        <Paper variant="outlined" sx={{ p: 2 }} component="form" aria-label={t('approvals.ruleTitle')}
          onSubmit={async (e: React.FormEvent) => {
            e.preventDefault();
            setError(null);
            try {
              await save.mutateAsync({ ownerEmail: user.ownerEmail, serviceName: service, userId: approvers, totalApprovalsRequired: Number(required) });
            } catch (err) {
              setError(displayError(tApp, err));
            }
          }}
        >
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h3">{t('approvals.ruleTitle')}</Typography>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {!canMoney ? <Alert severity="info">{t('approvals.moneyRulesNeedRoles')}</Alert> : null}
            {!canOther ? <Alert severity="info">{t('approvals.otherRulesNeedSettings')}</Alert> : null}
            <TextField select label={t('fields.service')} value={service} onChange={(e) => pick(e.target.value as TApprovalService)}>
              {RULE_APPROVAL_SERVICES.map((s) => (
                <MenuItem key={s} value={s} disabled={!allowed(s)} sx={{ whiteSpace: 'normal' }}>
                  <Stack>
                    <span>{t(`services.${s}`)}</span>
                    {!allowed(s) ? (
                      <Typography variant="caption" color="text.secondary">
                        {MONEY_APPROVAL_SERVICES.includes(s) ? t('approvals.needsMoneyRoles') : t('approvals.needsSettings')}
                      </Typography>
                    ) : null}
                  </Stack>
                </MenuItem>
              ))}
            </TextField>
            <FormGroup aria-label={t('fields.approvers')}>
              <Typography variant="body2">{t('fields.approvers')} — {service === 'payroll' ? t('approvals.payrollApproversHelp') : t('approvals.approversHelp')}</Typography>
              {eligible.map((u) => (
                <FormControlLabel key={u._id} label={`${u.userName} (${u.email})`}
                  control={<Checkbox checked={approvers.includes(u._id)} onChange={(e) => setApprovers(e.target.checked ? [...approvers, u._id] : approvers.filter((x) => x !== u._id))} />} />
              ))}
            </FormGroup>
            <TextField type="number" label={t('fields.totalApprovalsRequired')} value={required} onChange={(e) => setRequired(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 20 } }} sx={{ maxWidth: 220 }} />
            <Button type="submit" variant="contained" loading={save.isPending} disabled={!allowed(service)} sx={{ alignSelf: 'flex-start' }}>{t('approvals.saveRule')}</Button>
          </Stack>
        </Paper>
      ) : <Alert severity="info">{t('approvals.rulesNeedSettings')}</Alert>}
    </Stack>
  );
};

/** /approval: the inbox of what awaits the signed-in user (every kind), every request with its history, and the rules. */
export const ApprovalPage = () => {
  const { t, user } = useProcurementTexts();
  // Not suspending: the page (and its tabs) shows at once; the away tab's label follows when its texts load.
  const { t: tAp } = useTranslation('approvals', { useSuspense: false });
  const [tab, setTab] = useState(0);
  const isApprover = hasRole(user.roles, 'Approvals-access');
  const isHr = hasRole(user.roles, 'HR-access');
  const isSettings = hasRole(user.roles, 'Settings-access');
  // HR decides leave here; a Settings-access user without either reaches this page for the rules and policies only.
  if (!isApprover && !isHr && isSettings) {
    return (
      <>
        <PageHeader title={t('approvals.title')} description={t('approvals.rulesOnlyDescription')} />
        <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
          <Stack spacing={4}>
            <Rules />
            <ApprovalPolicies user={user} />
          </Stack>
        </Paper>
      </>
    );
  }
  // A line manager without approver roles (issue 33): their inbox only.
  const tabs = isApprover ? ['mine', 'all', 'rules', 'policies', 'away'] as const : isHr ? ['mine', 'rules', 'policies', 'away'] as const : ['mine', 'away'] as const;
  const current = tabs[tab] ?? 'mine';
  return (
    <>
      <PageHeader title={t('approvals.title')} description={t('approvals.description')} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          {tabs.map((k) => <Tab key={k} label={k === 'away' ? tAp('delegation.title') : t(k === 'mine' ? 'approvals.tabMine' : k === 'all' ? 'approvals.tabAll' : k === 'policies' ? 'approvals.tabPolicies' : 'approvals.tabRules')} />)}
        </Tabs>
        {current === 'mine' ? <ApprovalInbox /> : current === 'all' ? <Requests key="all" view="all" /> : current === 'policies' ? <ApprovalPolicies user={user} /> : current === 'away' ? <DelegationPanel /> : <Rules />}
      </Paper>
    </>
  );
};
