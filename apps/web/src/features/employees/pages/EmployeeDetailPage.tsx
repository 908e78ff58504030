import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BadgeIcon from '@mui/icons-material/Badge';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { TEmployeeDetail, TIssuedCodes, TPersonRef } from '@bizdesk/contract';
import { EmployeeNotFound } from '../components/EmployeeNotFound.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { canSeePay, hasRole } from '../../../shared/access.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { AppraisalResults } from '../../appraisal/components/AppraisalResults.tsx';
import {
  useDeleteDocument, useDeleteEmployee, useEmployee, useEmployeeDocuments, useRegeneratePortalCode, useUploadDocument, useUploadPhoto,
} from '../api.ts';
import { downloadFile } from '../files.ts';
import { EmployeePicker } from '../components/EmployeePicker.tsx';
import { EmployeePhoto } from '../components/EmployeePhoto.tsx';
import { IssuedCodesDialog } from '../components/IssuedCodesDialog.tsx';
import { DetailList, jobItems, personalItems } from '../components/ProfileDetails.tsx';
import { HierarchyEditor } from '../components/HierarchyEditor.tsx';
import { ExitPanel } from '../components/ExitDialog.tsx';
import { DocumentsPanel } from '../components/DocumentsPanel.tsx';
import { NotesPanel } from '../components/NotesPanel.tsx';
import { EmployeePayPanel } from '../../payroll/components/EmployeePayPanel.tsx';
import { LabourAllocationPanel } from '../../projects/components/LabourAllocationPanel.tsx';
import { updatePath } from '../paths.ts';

const EmployeeRecord = ({ employee }: { employee: TEmployeeDetail }) => {
  const { t, i18n } = useTranslation('people');
  const user = useCurrentUser();
  const navigate = useNavigate();
  // Issue 35: HR or payroll (Accounts) set where a person's labour goes.
  const canAllocateLabour = hasRole(user.roles, 'HR-access') || hasRole(user.roles, 'Accounts-access');
  const [confirm, setConfirm] = useState<'delete' | 'regenerate' | null>(null);
  // Re-issued codes, shown once in a dialog; the record itself never carries them.
  const [issued, setIssued] = useState<TIssuedCodes | null>(null);
  const remove = useDeleteEmployee();
  const regenerate = useRegeneratePortalCode(employee._id);
  const photo = useUploadPhoto(employee._id);
  const documents = useEmployeeDocuments(employee._id);
  const uploadDocument = useUploadDocument(employee._id);
  const deleteDocument = useDeleteDocument(employee._id);
  const language = i18n.language;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link component={RouterLink} to="/employee" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <ArrowBackIcon fontSize="small" />
            {t('list.title')}
          </Link>
        }
        title={employee.name}
        description={[employee.designation, employee.department].filter(Boolean).join(' · ') || undefined}
        actions={
          <>
            <Button component={RouterLink} to={updatePath(employee._id)} variant="contained" startIcon={<EditIcon />} data-testid="edit-employee">
              {t('common.edit')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setConfirm('delete')}>
              {t('common.delete')}
            </Button>
          </>
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
                  <EmployeePhoto
                    name={employee.name}
                    imagePath={employee.imagePath}
                    version={employee.updatedAt}
                    size={112}
                    uploading={photo.isPending}
                    onUpload={(file) => photo.mutate(file, { onError: (error) => flash(displayError(t, error), 'error') })}
                  />
                  <Box>
                    <Typography variant="h6" component="p">
                      {employee.name}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {employee.employeeNumber}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center', rowGap: 1 }}>
                    <Chip size="small" label={t(`employmentType.${employee.employmentType}`, { defaultValue: employee.employmentType })} />
                    <Chip size="small" variant="outlined" label={t('detail.since', { date: formatDate(employee.startDate, language) })} />
                  </Stack>
                  <ExitPanel employee={employee} />
                </Stack>
              </CardContent>
            </Card>
            <PanelCard title={t('detail.access')} subtitle={t('detail.accessBody')}>
              <Stack spacing={2} sx={{ px: 3, pb: 3 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('codes.notShown')}
                </Typography>
                <Button variant="outlined" startIcon={<AutorenewIcon />} onClick={() => setConfirm('regenerate')} sx={{ alignSelf: 'flex-start' }} data-testid="reissue-codes">
                  {t('detail.regenerate')}
                </Button>
              </Stack>
            </PanelCard>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('detail.profile')}
              </Typography>
              <DetailList items={personalItems(employee, t, language)} testId="employee-profile" />
              <Divider sx={{ my: 3 }} />
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('detail.job')}
              </Typography>
              <DetailList items={jobItems(employee, t, language, canSeePay(user.roles) ? user.currency : undefined)} testId="employee-job" />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <HierarchyEditor key={`${employee._id}-${employee.updatedAt}`} employee={employee} email={user.ownerEmail} />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <DocumentsPanel
            title={t('documents.title')}
            subtitle={t('documents.subtitle')}
            documents={documents.data?.documents}
            loading={documents.isLoading}
            error={documents.error}
            upload={(file) => uploadDocument.mutateAsync(file)}
            download={(doc) => downloadFile(`/docs/download/${encodeURIComponent(doc._id)}`, { fileName: doc.name })}
            remove={(doc) => deleteDocument.mutateAsync(doc._id)}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <NotesPanel employeeId={employee._id} notes={documents.data?.notes ?? []} loading={documents.isLoading} />
        </Grid>
        <Grid size={12}>
          <AppraisalResults employeeId={employee._id} />
        </Grid>
        <Grid size={12}>
          <EmployeePayPanel employeeId={employee._id} />
        </Grid>
        {canAllocateLabour ? (
          <Grid size={12}>
            <LabourAllocationPanel employeeId={employee._id} />
          </Grid>
        ) : null}
      </Grid>
      <ConfirmDialog
        open={confirm === 'delete'}
        destructive
        title={t('list.deleteTitle', { name: employee.name })}
        body={t('list.deleteBody', { name: employee.name, number: employee.employeeNumber })}
        confirmLabel={t('list.delete')}
        busy={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(employee._id, {
            onSuccess: () => void navigate('/employee', { replace: true }),
            onError: (error) => flash(displayError(t, error), 'error'),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'regenerate'}
        title={t('detail.regenerateTitle', { name: employee.name })}
        body={t('detail.regenerateBody', { name: employee.name })}
        confirmLabel={t('detail.regenerate')}
        busy={regenerate.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: (res) => {
              setConfirm(null);
              setIssued(res.data);
            },
            onError: (error) => flash(displayError(t, error), 'error'),
          })
        }
      />
      <IssuedCodesDialog codes={issued} name={employee.name} onClose={() => setIssued(null)} />
    </>
  );
};

/** /employee-detail?id= (spec 01 §2): one employee's record; without an id, a picker. */
export const EmployeeDetailPage = () => {
  const { t } = useTranslation('people');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const employee = useEmployee(id);
  const pick = (person: TPersonRef | null) => {
    if (person) setParams({ id: person._id });
  };
  const picker = (
    <Box sx={{ width: { xs: 1, sm: 360 } }}>
      <EmployeePicker email={user.ownerEmail} label={t('detail.pick')} helperText={t('detail.pickHelp')} value={null} onChange={pick} autoFocus={!id} />
    </Box>
  );

  if (!id) {
    return (
      <>
        <PageHeader title={t('detail.title')} description={t('detail.description')} actions={picker} />
        <Card>
          <EmptyState
            Icon={BadgeIcon}
            title={t('detail.emptyTitle')}
            body={t('detail.emptyBody')}
            action={
              <Button component={RouterLink} to="/employee" variant="outlined">
                {t('detail.toList')}
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  if (employee.isError) return <EmployeeNotFound error={employee.error} actions={picker} />;
  if (!employee.data) {
    return (
      <Stack spacing={3} role="status" aria-label={t('core:common.loading')}>
        <Skeleton variant="text" width={320} height={56} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Skeleton variant="rounded" height={320} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Skeleton variant="rounded" height={320} />
          </Grid>
        </Grid>
      </Stack>
    );
  }
  return <EmployeeRecord key={employee.data._id} employee={employee.data} />;
};
