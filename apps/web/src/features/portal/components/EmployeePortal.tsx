import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import LogoutIcon from '@mui/icons-material/Logout';
import LockIcon from '@mui/icons-material/LockOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { TPortalSession } from '@bizdesk/contract';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { EmployeePhoto } from '../../employees/components/EmployeePhoto.tsx';
import { DetailList, jobItems, personalItems } from '../../employees/components/ProfileDetails.tsx';
import { DocumentsPanel } from '../../employees/components/DocumentsPanel.tsx';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { PORTAL_KEY, downloadOwnDocument, useOwnDocuments, useOwnRecord, useUploadOwnDocument, useUploadOwnPhoto } from '../api.ts';
import { endPortalSession } from '../portalSession.ts';
import { OwnDetailsDialog } from './OwnDetailsDialog.tsx';
import { ChangePinDialog } from './PortalPin.tsx';
import { PortalCheckIn } from '../../attendance/components/PortalCheckIn.tsx';
import { PortalCorrection } from '../../attendance/components/PortalCorrection.tsx';
import { PortalLeave } from '../../leave/components/PortalLeave.tsx';
import { PortalComplaints } from '../../complaints/components/PortalComplaints.tsx';
import { OwnClaims } from '../../expenses/components/OwnClaims.tsx';
import { AppraisalResults } from '../../appraisal/components/AppraisalResults.tsx';
import { PayslipsPanel } from '../../payroll/components/PayslipsPanel.tsx';

/** Areas later issues fill (payslips, attendance, leave, complaints, appraisal); each says plainly that it is empty. */
const SECTIONS: readonly { key: string; Icon: ComponentType<SvgIconProps> }[] = [
  { key: 'payslips', Icon: ReceiptLongIcon },
];

export const BusinessMark = ({ name, imagePath }: { name: string; imagePath: string | null }) =>
  imagePath ? (
    <Box component="img" src={imagePath} alt={name} sx={{ width: 96, height: 56, objectFit: 'contain', objectPosition: 'left center' }} />
  ) : (
    <Avatar variant="rounded" sx={{ bgcolor: 'primary.main', width: 48, height: 48 }} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );

/** The employee's own page: their details and documents, and the sections later issues fill. */
export const EmployeePortal = ({ token, session }: { token: string; session: TPortalSession }) => {
  const { t, i18n } = useTranslation('people');
  const queryClient = useQueryClient();
  const id = session.employee._id;
  const record = useOwnRecord(id, token);
  const documents = useOwnDocuments(id, token);
  const uploadDocument = useUploadOwnDocument(id, token);
  const photo = useUploadOwnPhoto(id, token);
  const [editing, setEditing] = useState(false);
  const [changingPin, setChangingPin] = useState(false);
  // The sign-in answer shows at once; the fresh record replaces it when it arrives.
  const employee = record.data ?? session.employee;
  const language = i18n.language;

  const signOut = () => {
    endPortalSession('portal');
    queryClient.removeQueries({ queryKey: PORTAL_KEY });
  };

  return (
    <Stack spacing={3} data-testid="employee-portal">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <BusinessMark name={session.business.businessName} imagePath={session.business.imagePath} />
          <Box>
            <Typography variant="h4" component="h1">
              {t('portal.welcome', { name: employee.firstName })}
            </Typography>
            <Typography variant="body1" sx={{ color: 'text.secondary' }}>
              {t('portal.at', { business: session.business.businessName, number: employee.employeeNumber })}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button variant="text" startIcon={<LockIcon />} onClick={() => setChangingPin(true)} data-testid="portal-change-pin">
            {t('portal.pin.change')}
          </Button>
          <Button variant="outlined" startIcon={<LogoutIcon />} onClick={signOut} data-testid="portal-sign-out">
            {t('common.signOut')}
          </Button>
        </Stack>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ height: 1 }}>
            <CardContent>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
                <EmployeePhoto
                  name={employee.name}
                  imagePath={employee.imagePath}
                  version={employee.updatedAt}
                  token={token}
                  scope="portal"
                  uploading={photo.isPending}
                  onUpload={(file) => photo.mutate(file, { onError: (error) => flash(displayError(t, error), 'error') })}
                />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
                    <Typography variant="h6" component="h2">
                      {t('portal.myDetails')}
                    </Typography>
                    <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)} disabled={!record.data}>
                      {t('portal.editDetails')}
                    </Button>
                  </Stack>
                  {record.isLoading && !record.data ? <Skeleton variant="rounded" height={160} /> : <DetailList items={[{ key: 'name', label: t('fields.name'), value: employee.name }, ...personalItems(employee, t, language)]} testId="portal-profile" />}
                  <Divider sx={{ my: 2.5 }} />
                  <DetailList items={jobItems(employee, t, language)} />
                </Box>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <DocumentsPanel
            title={t('portal.myDocuments')}
            subtitle={t('portal.myDocumentsSubtitle')}
            documents={documents.data?.documents}
            loading={documents.isLoading}
            error={documents.error}
            upload={(file) => uploadDocument.mutateAsync(file)}
            download={(doc) => downloadOwnDocument(doc, token)}
            narrow
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PortalCheckIn employeeId={id} token={token} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PortalLeave employeeId={id} token={token} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <PortalCorrection employeeId={id} token={token} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <PortalComplaints employeeId={id} token={token} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <OwnClaims scope={{ kind: 'portal', employeeId: id, token }} />
        </Grid>
        {SECTIONS.map(({ key, Icon }) => (
          <Grid key={key} size={{ xs: 12, sm: 6, lg: key === 'payslips' ? 12 : 6 }}>
            <PanelCard title={t(`portal.sections.${key}.title`)}>
              {key === 'payslips' ? <PayslipsPanel employeeId={id} token={token} emptyTitle={t(`portal.sections.${key}.empty`)} emptyBody={t(`portal.sections.${key}.body`)} /> : <EmptyState Icon={Icon} compact title={t(`portal.sections.${key}.empty`)} body={t(`portal.sections.${key}.body`)} />}
            </PanelCard>
          </Grid>
        ))}
        <Grid size={12}>
          <AppraisalResults employeeId={id} token={token} />
        </Grid>
      </Grid>
      <ChangePinDialog key={String(changingPin)} open={changingPin} onClose={() => setChangingPin(false)} token={token} session={session} />
      {record.data ? <OwnDetailsDialog open={editing} onClose={() => setEditing(false)} employee={record.data} token={token} /> : null}
    </Stack>
  );
};
