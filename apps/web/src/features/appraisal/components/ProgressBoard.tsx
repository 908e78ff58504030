import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import type { TAppraisalCycle, TAppraisalOverview, TEmployee } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { visuallyHidden } from '../../../shared/ui/visuallyHidden.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { useResendLink, useSendToDownlines, useSendToSuperior } from '../api.ts';
import { PersonSelect } from './PersonSelect.tsx';
import { appraisalError } from '../messages.ts';

const STATUS_COLOR = { sent: 'default', submitted: 'info', review: 'warning', countersigned: 'success' } as const;
/** The theme keeps MUI's info blue, whose white text reads at 3.9:1; its dark shade passes (axe color-contrast). */
const INFO_SX = { bgcolor: 'info.dark' } as const;

/** The superior may work in any department (a cross-department appraisal is countersigned there): `everyone` is the whole staff. */
const SuperiorDialog = ({ cycle, everyone, departmentId, onClose }: { cycle: TAppraisalCycle; everyone: TEmployee[]; departmentId: string; onClose: () => void }) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const waiting = cycle.forms.filter((f) => f.kind === 'appraisal' && f.status === 'submitted');
  const appraisers = [...new Map(waiting.flatMap((f) => (f.reviewer ? [[f.reviewer._id, f.reviewer] as const] : []))).values()];
  const [appraiserId, setAppraiserId] = useState(appraisers[0]?._id ?? '');
  const firstEmployee = everyone.find((s) => s._id === waiting.find((f) => f.reviewer?._id === appraiserId)?.employee._id);
  const [superiorId, setSuperiorId] = useState(firstEmployee?.superiorId ?? '');
  const [error, setError] = useState<string | null>(null);
  const send = useSendToSuperior(departmentId);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await send.mutateAsync({ appraiserId, superiorId, dept: departmentId });
      onClose();
    } catch (err) {
      setError(appraisalError(t, err));
    }
  };
  return (
    <FormDialog open title={t('superior.title')} description={t('superior.body')} submitLabel={t('superior.send')} busy={send.isPending} error={error ?? (appraisers.length ? null : t('superior.noneWaiting'))} onSubmit={onSubmit} onClose={onClose}>
      <PersonSelect label={t('superior.appraiser')} value={appraiserId} onChange={setAppraiserId} people={everyone.filter((s) => appraisers.some((a) => a._id === s._id))} testId="superior-appraiser" />
      <PersonSelect label={t('superior.superior')} value={superiorId} onChange={setSuperiorId} people={everyone} exclude={appraiserId} testId="superior-person" showDepartment />
    </FormDialog>
  );
};

const DownlinesDialog = ({ staff, departmentId, ownerEmail, onClose }: { staff: TEmployee[]; departmentId: string; ownerEmail: string; onClose: () => void }) => {
  const { t } = useTranslation(['appraisal', 'core']);
  const uplines = staff.filter((s) => staff.some((o) => o.uplineId === s._id));
  const [uplineId, setUplineId] = useState(uplines[0]?._id ?? '');
  const [error, setError] = useState<string | null>(null);
  const send = useSendToDownlines(departmentId);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await send.mutateAsync({ uplineId, dept: departmentId, ownerEmail });
      onClose();
    } catch (err) {
      setError(appraisalError(t, err));
    }
  };
  return (
    <FormDialog open title={t('downlines.title')} description={t('downlines.body')} submitLabel={t('downlines.send')} busy={send.isPending} error={error} onSubmit={onSubmit} onClose={onClose}>
      <PersonSelect label={t('downlines.upline')} value={uplineId} onChange={setUplineId} people={uplines.length ? uplines : staff} testId="downlines-upline" />
    </FormDialog>
  );
};

const CycleCard = ({ cycle, onSuperior, onDownlines }: { cycle: TAppraisalCycle; onSuperior: () => void; onDownlines: () => void }) => {
  const { t, i18n } = useTranslation(['appraisal', 'core']);
  const resend = useResendLink(cycle.departmentId);
  const onResend = (formId: string) => resend.mutate(formId, { onError: (error) => flash(appraisalError(t, error), 'error') });
  const c = cycle.counts;
  return (
    <Box data-testid="appraisal-cycle">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 1.5 }}>
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {cycle.period}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('board.due', { date: formatDate(cycle.dueDate, i18n.language) })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="cycle-counts">
          <Chip size="small" label={`${t('board.sent')}: ${c.sent}`} />
          <Chip size="small" color="info" sx={INFO_SX} label={`${t('board.submitted')}: ${c.submitted}`} />
          <Chip size="small" color="warning" label={`${t('board.review')}: ${c.review}`} />
          <Chip size="small" color="success" label={`${t('board.countersigned')}: ${c.countersigned}`} data-testid="count-countersigned" />
          {c.upwardSent ? <Chip size="small" variant="outlined" label={t('board.upward', { submitted: c.upwardSubmitted, sent: c.upwardSent })} /> : null}
        </Stack>
      </Stack>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it (axe scrollable-region-focusable). */}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} role="region" aria-label={`${t('board.title')}: ${cycle.period}`}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('board.employee')}</TableCell>
              <TableCell>{t('board.kind')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('board.reviewer')}</TableCell>
              <TableCell>{t('board.status')}</TableCell>
              <TableCell align="right">{t('board.total')}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('board.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cycle.forms.map((f) => (
              <TableRow key={f._id} data-testid="board-form">
                <TableCell>{f.employee.name}</TableCell>
                <TableCell>{t(`board.kinds.${f.kind}`)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{f.reviewer?.name ?? '—'}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOR[f.status]} sx={STATUS_COLOR[f.status] === 'info' ? INFO_SX : undefined} label={t(`board.statuses.${f.status}`)} />
                </TableCell>
                <TableCell align="right">{f.totalScore ?? '—'}</TableCell>
                <TableCell align="right" sx={{ width: 56 }}>
                  {f.status === 'sent' || f.status === 'review' ? (
                    <Tooltip title={t('board.resend')}>
                      <IconButton size="small" aria-label={t('board.resendFor', { name: f.employee.name })} onClick={() => onResend(f._id)} disabled={resend.isPending}>
                        <ForwardToInboxIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <Button size="small" variant="outlined" onClick={onSuperior} disabled={!cycle.forms.some((f) => f.kind === 'appraisal' && f.status === 'submitted')} data-testid="to-superior">
          {t('board.toSuperior')}
        </Button>
        <Button size="small" variant="outlined" onClick={onDownlines} data-testid="to-downlines">
          {t('board.toDownlines')}
        </Button>
      </Stack>
    </Box>
  );
};

/** Each cycle of the department with its counts and forms, and the next steps of the sequence. */
export const ProgressBoard = ({ overview, staff, everyone = staff, ownerEmail }: { overview: TAppraisalOverview; staff: TEmployee[]; everyone?: TEmployee[]; ownerEmail: string }) => {
  const { t } = useTranslation('appraisal');
  const [dialog, setDialog] = useState<{ kind: 'superior'; cycle: TAppraisalCycle } | { kind: 'downlines' } | null>(null);
  const departmentId = overview.config.departmentId;
  return (
    <PanelCard title={t('board.title')} subtitle={t('board.subtitle')}>
      <Stack spacing={3} sx={{ px: 3, pb: 3 }} divider={<Divider />}>
        {overview.cycles.length === 0 ? <EmptyState compact Icon={AssignmentIcon} title={t('board.empty')} body={t('board.emptyBody')} /> : null}
        {overview.cycles.map((cycle) => (
          <CycleCard key={cycle._id} cycle={cycle} onSuperior={() => setDialog({ kind: 'superior', cycle })} onDownlines={() => setDialog({ kind: 'downlines' })} />
        ))}
      </Stack>
      {dialog?.kind === 'superior' ? <SuperiorDialog cycle={dialog.cycle} everyone={everyone} departmentId={departmentId} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'downlines' ? <DownlinesDialog staff={staff} departmentId={departmentId} ownerEmail={ownerEmail} onClose={() => setDialog(null)} /> : null}
    </PanelCard>
  );
};
