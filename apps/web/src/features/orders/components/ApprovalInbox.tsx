import { useEffect, useState, type ReactNode } from 'react';
import { useQueryParam } from '../../../shared/useQueryParam.ts';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { INBOX_KINDS, type TInboxDetail, type TInboxItem, type TInboxKind, type TInboxSubject } from '@bizdesk/contract';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate, formatDateTime } from '../../../shared/format/dates.ts';
import { useInbox, useInboxDecision, useInboxDetail } from '../api.ts';
import { LoadError, StatusChip, useProcurementTexts } from './ProcurementUi.tsx';
import { InvoiceMatchSummary } from './InvoiceMatch.tsx';
import { ExpenseClaimSubject } from '../../expenses/components/ExpenseClaimSubject.tsx';
import { leaveTypeName } from '../../../shared/i18n/words.ts';
import { bandLabel } from '../../approvals/ApprovalRuleBands.tsx';

const LIMIT = 10;
type TTarget = { kind: TInboxKind; subjectId: string };

/** Money wraps rather than being cut: the figure is never clipped at 1366 px or on a phone. */
const moneySx = { fontWeight: 700, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' } as const;

const InboxCard = ({ item, onOpen }: { item: TInboxItem; onOpen: (t: TTarget) => void }) => {
  const { t, money, language } = useProcurementTexts();
  const headingId = `inbox-${item._id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" component="p">{t(`services.${item.kind}`)}</Typography>
            <Typography variant="subtitle1" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>{item.title}</Typography>
          </Box>
          {item.amount !== null ? <Typography sx={{ ...moneySx, flexShrink: 0 }}>{money(item.amount, item.currency ?? undefined)}</Typography> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary">{t('approvals.inbox.requested', { name: item.requestedBy.userName, date: formatDateTime(item.createdAt, language) })}</Typography>
        {item.totalApprovalsRequired > 1 ? (
          <Typography variant="body2" color="text.secondary">{t('orders.approvalsCount', { approvals: item.approvals, required: item.totalApprovalsRequired })}</Typography>
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" onClick={() => onOpen({ kind: item.kind, subjectId: item.subjectId })} aria-label={t('approvals.inbox.openLabel', { title: item.title })}>
          {t('approvals.inbox.open')}
        </Button>
      </CardActions>
    </Card>
  );
};

/** Label/value pairs that wrap on a phone. */
const Facts = ({ rows }: { rows: Array<[string, ReactNode]> }) => (
  <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, auto) 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
    {rows.map(([label, value]) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{value}</Typography>
      </Box>
    ))}
  </Box>
);

/** A small table that scrolls sideways inside the dialog instead of being cut. */
const SmallTable = ({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) => (
  <Box sx={{ overflowX: 'auto' }} role="region" aria-label={label} tabIndex={0}>
    <Table size="small" aria-label={label}>
      <TableHead><TableRow>{head.map((h, i) => <TableCell key={h} align={i === 0 ? 'left' : 'right'}>{h}</TableCell>)}</TableRow></TableHead>
      <TableBody>
        {rows.map((r, i) => <TableRow key={i}>{r.map((c, j) => <TableCell key={j} align={j === 0 ? 'left' : 'right'} sx={{ whiteSpace: j === 0 ? 'normal' : 'nowrap' }}>{c}</TableCell>)}</TableRow>)}
      </TableBody>
    </Table>
  </Box>
);

const Heading = ({ children }: { children: ReactNode }) => <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>{children}</Typography>;

const SubjectView = ({ subject, truckId, onTruck, canDecide }: { subject: TInboxSubject; truckId: string; onTruck: (id: string) => void; canDecide: boolean }) => {
  const { t, money, language } = useProcurementTexts();
  const i = (k: string, o?: Record<string, unknown>) => t(`approvals.inbox.${k}`, o);
  switch (subject.kind) {
    case 'purchase-order':
    case 'standing-order': {
      const o = subject.order;
      return (
        <Stack spacing={1.5}>
          <Facts rows={[
            [i('order'), o.invoiceNumber],
            [t('fields.vendor'), o.vendor.name],
            [i('total'), <Box component="span" sx={moneySx}>{money(o.ceilingMinor ?? o.totalMinor, o.currency)}</Box>],
            ...(o.description ? [[t('fields.description'), o.description] as [string, ReactNode]] : []),
            ...(o.expectedDate ? [[t('fields.expectedDate'), formatDate(o.expectedDate, language)] as [string, ReactNode]] : []),
          ]} />
          {o.lines.length ? (
            <>
              <Heading>{i('lines')}</Heading>
              <SmallTable label={i('lines')} head={[t('fields.item'), t('fields.quantity'), t('fields.unitPrice'), t('fields.lineTotal')]}
                rows={o.lines.map((l) => [l.item, `${l.quantity} ${l.unit}`, money(l.unitPriceMinor, o.currency), money(l.lineTotalMinor, o.currency)])} />
            </>
          ) : null}
          {subject.quotes ? (
            <>
              <Heading>{i('quotes')}</Heading>
              <SmallTable label={i('quotes')} head={[t('fields.vendor'), i('total'), i('chosen')]}
                rows={subject.quotes.quotes.map((q) => [q.contractorName, money(q.totalMinor, q.currency), q.isChosen ? i('chosen') : ''])} />
            </>
          ) : null}
        </Stack>
      );
    }
    case 'payment': {
      const { payment: p, invoice, order } = subject;
      return (
        <Stack spacing={1.5}>
          <Facts rows={[
            [t('fields.amount'), <Box component="span" sx={moneySx}>{money(p.amountMinor, p.currency)}</Box>],
            [t('fields.vendor'), p.vendorName],
            [i('order'), p.orderNumber],
            [t('fields.dueDate'), formatDate(p.dueDate, language)],
          ]} />
          {/* Issue 35: the invoice, its match with reasons as text, hold/override, credits and the GRNs. */}
          {invoice ? <InvoiceMatchSummary invoice={invoice} order={order} /> : <Typography variant="body2">{i('noInvoice')}</Typography>}
          <Heading>{i('lines')}</Heading>
          <SmallTable label={i('lines')} head={[t('fields.item'), t('fields.quantity'), t('fields.unitPrice'), t('fields.lineTotal')]}
            rows={order.lines.map((l) => [l.item, `${l.quantity} ${l.unit}`, money(l.unitPriceMinor, order.currency), money(l.lineTotalMinor, order.currency)])} />
        </Stack>
      );
    }
    case 'payroll': {
      const r = subject.run;
      return (
        <Facts rows={[
          [i('month'), r.month],
          [i('employees'), String(r.totals.employees)],
          [i('gross'), <Box component="span" sx={moneySx}>{money(r.totals.grossMinor, r.currency)}</Box>],
          [i('tax'), money(r.totals.taxMinor, r.currency)],
          [i('deductions'), money(r.totals.deductionsMinor, r.currency)],
          [i('net'), <Box component="span" sx={moneySx}>{money(r.totals.netMinor, r.currency)}</Box>],
          [i('employerContributions'), money(r.totals.employerMinor, r.currency)],
          [i('employerCost'), <Box component="span" sx={moneySx}>{money(r.totals.employerCostMinor, r.currency)}</Box>],
        ]} />
      );
    }
    case 'material-requisition': {
      const r = subject.requisition;
      return (
        <Stack spacing={1.5}>
          <Facts rows={[[i('order'), r.number], [i('project'), r.tagName], [i('purpose'), r.purpose]]} />
          <SmallTable label={i('lines')} head={[t('fields.item'), t('fields.quantity'), i('inStock')]}
            rows={r.items.map((l) => [l.itemName, `${l.quantity} ${l.unit}`, `${l.available} ${l.unit}`])} />
        </Stack>
      );
    }
    case 'stock-count': {
      const c = subject.count;
      return (
        <Stack spacing={1.5}>
          <Facts rows={[[i('order'), c.number], [i('project'), c.place], [i('purpose'), c.reason], [i('countVarianceValue'), <Box component="span" sx={moneySx}>{money(c.varianceValueMinor)}</Box>]]} />
          <SmallTable label={i('lines')} head={[t('fields.item'), i('countExpected'), i('countCounted'), i('countVariance')]}
            rows={c.lines.filter((l) => l.countedQuantity !== null).map((l) => [l.name, `${l.expectedQuantity} ${l.unit}`, `${l.countedQuantity} ${l.unit}`, String(l.varianceQuantity)])} />
        </Stack>
      );
    }
    case 'fleet-requisition': {
      const r = subject.requisition;
      return (
        <Stack spacing={1.5}>
          <Facts rows={[
            [i('project'), r.tagName], [i('purpose'), r.purpose], ...(r.destination ? [[i('destination'), r.destination] as [string, ReactNode]] : []),
            [i('period'), `${formatDate(r.startDate, language)} – ${formatDate(r.endDate, language)}`],
            ...(r.plateNumber ? [[i('truck'), r.plateNumber] as [string, ReactNode]] : []),
          ]} />
          {canDecide ? (
            subject.freeTrucks.length ? (
              <TextField select label={i('truck')} value={truckId} onChange={(e) => onTruck(e.target.value)} sx={{ maxWidth: 360 }}>
                {subject.freeTrucks.map((tr) => <MenuItem key={tr._id} value={tr._id}>{`${tr.plateNumber} — ${tr.model}, ${tr.capacity}`}</MenuItem>)}
              </TextField>
            ) : <Alert severity="warning">{i('noFreeTruck')}</Alert>
          ) : null}
        </Stack>
      );
    }
    case 'leave': {
      const l = subject.leave;
      return (
        <Facts rows={[
          [i('employee'), l.employeeName], [i('leaveType'), leaveTypeName(t, l.type)],
          [i('period'), `${formatDate(l.startDate, language)} – ${formatDate(l.endDate, language)}`],
          [i('days'), String(l.days)], [t('fields.reason'), l.reason],
        ]} />
      );
    }
    case 'expense-claim':
      return <ExpenseClaimSubject claim={subject.claim} />;
    case 'attendance-correction': {
      const c = subject.correction;
      return (
        <Facts rows={[
          [i('employee'), c.employeeName], [i('correctionDay'), formatDate(c.date, language)], [i('correctionMark'), i(`correctionMarks.${c.label}`)],
          ...(c.checkInTime ? [[i('correctionTime'), c.checkInTime] as [string, ReactNode]] : []),
          [t('fields.reason'), c.reason],
        ]} />
      );
    }
    default:
      return null;
  }
};

/** The detail of one request: its subject as its feature describes it, the history, and the decision with a comment. */
export const InboxDetailDialog = ({ target, onClose }: { target: TTarget; onClose: () => void }) => {
  const { t, money, language } = useProcurementTexts();
  const { t: tApp } = useTranslation('app');
  const { t: tChain } = useTranslation('approvals');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const query = useInboxDetail(target);
  const decide = useInboxDecision();
  const [comment, setComment] = useState('');
  const [truckId, setTruckId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const d: TInboxDetail | undefined = query.data;
  const titleId = 'inbox-detail-title';
  const act = async (decision: 'approved' | 'rejected') => {
    setError(null);
    if (decision === 'rejected' && !comment.trim()) return setError(t('approvals.inbox.commentRequired'));
    if (decision === 'approved' && target.kind === 'fleet-requisition' && !truckId) return setError(t('approvals.inbox.truckRequired'));
    try {
      await decide.mutateAsync({ kind: target.kind, subjectId: target.subjectId, decision, ...(comment.trim() ? { comment: comment.trim() } : {}), ...(truckId ? { truckId } : {}) });
      onClose();
    } catch (err) {
      setError(displayError(tApp, err));
    }
  };
  return (
    <Dialog open onClose={decide.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={isPhone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t(`services.${target.kind}`)}{d ? `: ${d.item.title}` : ''}
      </DialogTitle>
      <DialogContent dividers>
        {query.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
        {query.isError ? <Alert severity="error">{displayError(tApp, query.error) || t('approvals.inbox.detailFailed')}</Alert> : null}
        {d ? (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <StatusChip status={d.status} />
              {d.item.amount !== null ? <Typography sx={moneySx}>{money(d.item.amount, d.item.currency ?? undefined)}</Typography> : null}
            </Stack>
            <Facts rows={[
              [t('approvals.inbox.requester'), d.item.requestedBy.userName],
              [t('approvals.inbox.requestedOn'), formatDateTime(d.item.createdAt, language)],
              ...(d.item.totalApprovalsRequired > 1 ? [[t('approvals.inbox.statusNow'), t('orders.approvalsCount', { approvals: d.item.approvals, required: d.item.totalApprovalsRequired })] as [string, ReactNode]] : []),
            ]} />
            {d.band ? (
              // Issue 35: the band the amount fell in and the level now waiting ("Level 2 of 2 — above ₦5,000,000").
              <Alert severity="info" icon={false}>
                <Typography sx={{ fontWeight: 600 }}>{tChain('bands.inboxLevel', { level: d.band.level, levels: d.band.levels, band: bandLabel(tChain, (m) => money(m, d.item.currency ?? undefined), d.band.upToMinor, d.band.fromMinor) })}</Typography>
                {d.onBehalfOf ? <Typography variant="body2">{tChain('bands.onBehalfOf', { name: d.onBehalfOf.userName })}</Typography> : null}
              </Alert>
            ) : d.onBehalfOf ? <Alert severity="info">{tChain('bands.onBehalfOf', { name: d.onBehalfOf.userName })}</Alert> : null}
            <SubjectView subject={d.subject} truckId={truckId} onTruck={setTruckId} canDecide={d.canDecide} />
            {d.chain?.length ? (
              <>
                <Heading>{tChain('chain.title')}</Heading>
                <Box component="ol" sx={{ m: 0, pl: 2.5 }} aria-label={tChain('chain.title')}>
                  {d.chain.map((s, i) => (
                    <Typography component="li" variant="body2" key={i}>
                      {tChain('chain.stepLine', { n: i + 1, who: `${s.names.join(', ')} (${tChain(`chain.from.${s.resolvedFrom}`)})`, approvals: s.approvals, required: s.required })}
                    </Typography>
                  ))}
                </Box>
              </>
            ) : null}
            <Heading>{t('approvals.inbox.history')}</Heading>
            {d.history.length === 0 ? <Typography variant="body2" color="text.secondary">{t('approvals.inbox.noHistory')}</Typography> : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {d.history.map((h) => (
                  <Typography component="li" variant="body2" key={h.userId}>
                    {t('approvals.decidedBy', { name: h.userName, decision: t(`status.${h.decision}`) })}{h.onBehalfOf ? ` (${tChain('bands.decidedOnBehalf', { name: h.onBehalfOf.userName })})` : ''} · {formatDateTime(h.decidedAt, language)}{h.reason ? ` — ${h.reason}` : ''}
                  </Typography>
                ))}
              </Box>
            )}
            {d.canDecide ? (
              <TextField label={t('approvals.inbox.comment')} helperText={t('approvals.inbox.commentHelp')} value={comment} onChange={(e) => setComment(e.target.value)} multiline minRows={2} />
            ) : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={decide.isPending}>{t('common.close')}</Button>
        {d?.canDecide ? (
          <>
            <Button variant="outlined" color="error" onClick={() => void act('rejected')} disabled={decide.isPending}>{t('approvals.inbox.reject')}</Button>
            <Button variant="contained" color="success" onClick={() => void act('approved')} loading={decide.isPending}>{t('approvals.inbox.approve')}</Button>
          </>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};

/** Everything waiting for the signed-in person, every kind, newest first; a card opens the detail where they decide. */
export const ApprovalInbox = () => {
  const { t } = useProcurementTexts();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<TInboxKind | ''>('');
  const [open, setOpen] = useState<TTarget | null>(null);
  const query = useInbox(page, LIMIT, kind || undefined);
  const counts = query.data?.counts ?? {};
  // ?request=<request id> (a notification's link) opens that request once the inbox holds it (issue 30).
  const [linked, setLinked] = useQueryParam('request');
  const linkedItem = linked ? query.data?.rows.find((r) => r._id === linked) : undefined;
  useEffect(() => {
    if (linkedItem) setOpen({ kind: linkedItem.kind, subjectId: linkedItem.subjectId });
  }, [linkedItem]);
  const close = () => {
    setOpen(null);
    if (linked) setLinked(null);
  };
  const pages = Math.max(1, Math.ceil((query.data?.totalRecords ?? 0) / LIMIT));
  return (
    <Stack spacing={2}>
      <TextField select size="small" label={t('approvals.inbox.kind')} value={kind} onChange={(e) => { setKind(e.target.value as TInboxKind | ''); setPage(1); }} sx={{ maxWidth: 320 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
        <MenuItem value="">{t('approvals.inbox.allKinds', { count: counts.total ?? 0 })}</MenuItem>
        {INBOX_KINDS.map((k) => <MenuItem key={k} value={k}>{t('approvals.inbox.kindCount', { kind: t(`services.${k}`), count: counts[k] ?? 0 })}</MenuItem>)}
      </TextField>
      {query.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.rows.length === 0 ? <EmptyState Icon={TaskAltIcon} title={t('approvals.emptyMine')} body={t('approvals.emptyMineBody')} compact headingLevel="h2" /> : null}
      {(query.data?.rows ?? []).map((item) => <InboxCard key={`${item.kind}-${item._id}`} item={item} onOpen={setOpen} />)}
      {pages > 1 ? <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} /> : null}
      {open ? <InboxDetailDialog key={`${open.kind}-${open.subjectId}`} target={open} onClose={close} /> : null}
    </Stack>
  );
};
