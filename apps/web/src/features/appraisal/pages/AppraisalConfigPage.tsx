import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import RuleIcon from '@mui/icons-material/Rule';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { useUserData } from '../../users/api.ts';
import { useAppraisalOverview, useBusinessStaff, useDepartmentStaff, useLiveAppraisals } from '../api.ts';
import { AssignAppraisersDialog } from '../components/AssignAppraisersDialog.tsx';
import { UpwardQuestionsCard } from '../components/UpwardQuestionsCard.tsx';
import { CriteriaEditor } from '../components/CriteriaEditor.tsx';
import { LaunchCycleCard } from '../components/LaunchCycleCard.tsx';
import { ProgressBoard } from '../components/ProgressBoard.tsx';
import { ReportPanel } from '../components/ReportPanel.tsx';
import { appraisalError } from '../messages.ts';

/** /appraisal-config (spec 01 §2): criteria per department, sending, progress and the report. */
export const AppraisalConfigPage = () => {
  const { t } = useTranslation(['appraisal', 'core']);
  const user = useCurrentUser();
  const account = useUserData(user._id);
  const departments = useMemo(() => account.data?.departments ?? [], [account.data]);
  // The chosen department lives in the address, so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('department');
  const departmentId = (chosen && departments.some((d) => d._id === chosen) ? chosen : departments[0]?._id) ?? null;
  const overview = useAppraisalOverview(user.ownerEmail, departmentId);
  const staff = useDepartmentStaff(user.ownerEmail, departmentId);
  const everyone = useBusinessStaff(user.ownerEmail);
  const [assigning, setAssigning] = useState(false);
  // Scores, countersignatures and feedback arrive while the page is open: the board follows them live.
  useLiveAppraisals(user.ownerEmail);
  const units = useMemo(() => [...new Map(departments.map((d) => [d.unitId, { _id: d.unitId, name: d.unit }])).values()], [departments]);
  const several = units.length > 1;

  return (
    <>
      <PageHeader title={t('config.title')} description={t('config.description')} />
      {account.isLoading ? <Skeleton variant="rounded" height={240} /> : null}
      {account.error ? <Alert severity="error">{appraisalError(t, account.error)}</Alert> : null}
      {account.data && departments.length === 0 ? <EmptyState Icon={RuleIcon} title={t('config.noDepartments')} body={t('config.noDepartmentsBody')} /> : null}
      {departmentId ? (
        <Stack spacing={3}>
          <TextField
            select
            label={t('config.department')}
            helperText={t('config.chooseDepartment')}
            value={departmentId}
            onChange={(e) => setParams({ department: e.target.value }, { replace: true })}
            sx={{ maxWidth: 420 }}
            slotProps={{ htmlInput: { 'data-testid': 'appraisal-department' } }}
          >
            {departments.map((d) => (
              <MenuItem key={d._id} value={d._id}>
                {several ? `${d.name} · ${d.unit}` : d.name}
              </MenuItem>
            ))}
          </TextField>
          {overview.isLoading ? <Skeleton variant="rounded" height={240} /> : null}
          {overview.error ? <Alert severity="error">{t('config.loadFailed')} {appraisalError(t, overview.error)}</Alert> : null}
          {overview.data ? (
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, lg: 7 }}>
                <CriteriaEditor key={`${departmentId}-${overview.data.config.updatedAt}`} config={overview.data.config} ownerEmail={user.ownerEmail} />
              </Grid>
              <Grid size={{ xs: 12, lg: 5 }}>
                <LaunchCycleCard config={overview.data.config} ownerEmail={user.ownerEmail} onAssign={() => setAssigning(true)} />
              </Grid>
              <Grid size={12}>
                <ProgressBoard overview={overview.data} staff={staff.data ?? []} everyone={everyone.data ?? staff.data ?? []} ownerEmail={user.ownerEmail} />
              </Grid>
              <Grid size={12}>
                <UpwardQuestionsCard key={overview.data.config.upwardQuestions.map((q) => q._id).join()} questions={overview.data.config.upwardQuestions} />
              </Grid>
              <Grid size={12}>
                <ReportPanel user={user} units={units} />
              </Grid>
            </Grid>
          ) : null}
        </Stack>
      ) : null}
      {assigning && departmentId ? <AssignAppraisersDialog departments={departments} departmentId={departmentId} staff={everyone.data ?? []} onClose={() => setAssigning(false)} /> : null}
    </>
  );
};
