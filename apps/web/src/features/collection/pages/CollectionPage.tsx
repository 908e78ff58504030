import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import PinDropIcon from '@mui/icons-material/PinDrop';
import { ZCollectionPointInput, type TCollectionPoint, type TCollectionPointInput, type TDepartment, type TPersonRef, type TUser } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { hasRole } from '../../../shared/access.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { useCollectionPoints, useCreateCollectionPoint, useUserData } from '../../users/api.ts';
import { EmployeePicker } from '../../employees/components/EmployeePicker.tsx';
import { CopyableCode } from '../../../shared/ui/CopyableCode.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { fieldError } from '../../employees/validation.ts';

type TPointInput = z.input<typeof ZCollectionPointInput>;

/** `default` (or nothing) means every point; otherwise the points of the department named (by name or id). */
export const pointsOfDepartment = (points: readonly TCollectionPoint[], dept: string, departments: readonly TDepartment[]) => {
  if (!dept || dept === 'default') return [...points];
  const wanted = dept.toLowerCase();
  const department = departments.find((d) => d._id === dept || d.name.toLowerCase() === wanted);
  const names = new Set([wanted, ...(department ? [department.name.toLowerCase(), department._id] : [])]);
  return points.filter((p) => names.has(p.dept.toLowerCase()));
};

/** POST /auth/dcollector: the point is tied to an employee, picked from the staff list (HR) or typed. */
const AddPointDialog = ({ open, onClose, user, departments, dept }: { open: boolean; onClose: () => void; user: TUser; departments: readonly TDepartment[]; dept: string }) => {
  const { t } = useTranslation('people');
  const create = useCreateCollectionPoint(user._id, user.ownerEmail);
  const canPickEmployee = hasRole(user.roles, 'HR-access');
  const [person, setPerson] = useState<TPersonRef | null>(null);
  const initialDept = departments.find((d) => d.name.toLowerCase() === dept.toLowerCase() || d._id === dept)?.name ?? 'default';
  const { form, formError, onSubmit } = useDialogForm<TPointInput, TCollectionPointInput>({
    schema: ZCollectionPointInput,
    open,
    defaults: () => ({ employeeNumber: '', employeeName: '', tagName: '', userEmail: user.ownerEmail, projectDescription: '', projectScope: '', dept: initialDept }),
    submit: (values) => create.mutateAsync(values),
    onDone: onClose,
  });
  const { register, setValue, watch, formState: { errors } } = form;

  useEffect(() => {
    if (open) setPerson(null);
  }, [open]);

  const onPick = (value: TPersonRef | null) => {
    setPerson(value);
    if (value) {
      setValue('employeeNumber', value.employeeNumber, { shouldValidate: true });
      setValue('employeeName', value.name, { shouldValidate: true });
    }
  };

  const err = (name: keyof TPointInput) => ({ error: !!errors[name], helperText: fieldError(t, errors[name]?.message) });
  return (
    <FormDialog open={open} title={t('collection.addTitle')} description={t('collection.addBody')} submitLabel={t('collection.submit')} busy={create.isPending} error={formError} onSubmit={onSubmit} onClose={onClose} maxWidth="md">
      <PlacePicker
        label={t('collection.tagName')} kinds={['site', 'project']} createAs="project" name="tagName" value={watch('placeId') ?? null} required
        onChange={(place) => {
          setValue('placeId', place?._id, { shouldValidate: true });
          setValue('tagName', place?.name ?? '', { shouldValidate: true });
        }}
        error={err('tagName').helperText}
      />
      {canPickEmployee ? <EmployeePicker email={user.ownerEmail} label={t('collection.pickEmployee')} helperText={t('collection.pickEmployeeHelp')} value={person} onChange={onPick} /> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label={t('collection.employeeNumber')} {...register('employeeNumber')} {...err('employeeNumber')} slotProps={{ inputLabel: { shrink: !!watch('employeeNumber') || undefined } }} />
        <TextField label={t('collection.employeeName')} {...register('employeeName')} {...err('employeeName')} slotProps={{ inputLabel: { shrink: !!watch('employeeName') || undefined } }} />
      </Stack>
      <TextField select label={t('collection.department')} defaultValue={initialDept} {...register('dept')} {...err('dept')}>
        <MenuItem value="default">{t('collection.defaultDept')}</MenuItem>
        {departments.map((d) => (
          <MenuItem key={d._id} value={d.name}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField label={t('collection.projectDescription')} multiline minRows={2} {...register('projectDescription')} {...err('projectDescription')} />
      <TextField label={t('collection.projectScope')} multiline minRows={2} {...register('projectScope')} {...err('projectScope')} />
    </FormDialog>
  );
};

const PointCard = ({ point }: { point: TCollectionPoint }) => {
  const { t, i18n } = useTranslation('people');
  return (
    <Card sx={{ height: 1 }} data-testid="collection-point">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {point.tagName}
            </Typography>
            <Chip size="small" variant="outlined" label={point.dept === 'default' ? t('collection.defaultDept') : point.dept} />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('collection.heldBy', { name: point.employeeName, number: point.employeeNumber })}
          </Typography>
          {point.projectDescription ? <Typography variant="body2">{point.projectDescription}</Typography> : null}
          {point.projectScope ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {point.projectScope}
            </Typography>
          ) : null}
          <div>
            <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {t('collection.dataCode')}
            </Typography>
            <CopyableCode code={point.dataCode} label={t('collection.copyCode', { tag: point.tagName })} />
          </div>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('collection.created', { date: formatDate(point.createdAt, i18n.language) })}
            </Typography>
            {point.googleLink ? (
              <Link href={point.googleLink} target="_blank" rel="noopener noreferrer" variant="body2">
                {t('collection.openSheet')}
              </Link>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};

/** /collection/{dept} (spec 01 §2): the data collection points of a department (`default`: all of them). */
export const CollectionPage = () => {
  const { t } = useTranslation('people');
  const { dept = 'default' } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const points = useCollectionPoints(user.ownerEmail);
  const account = useUserData(user._id);
  const [adding, setAdding] = useState(false);
  const departments = useMemo(() => account.data?.departments ?? [], [account.data]);
  const shown = useMemo(() => pointsOfDepartment(points.data ?? [], dept, departments), [points.data, dept, departments]);
  const isAll = dept === 'default';
  const current = departments.find((d) => d.name.toLowerCase() === dept.toLowerCase() || d._id === dept);
  const knownDept = isAll || !!current;

  return (
    <>
      <PageHeader
        title={isAll ? t('collection.title') : t('collection.titleDept', { dept })}
        description={t('collection.description')}
        actions={
          <>
            <TextField
              select
              size="small"
              label={t('collection.department')}
              value={isAll ? 'default' : (current?.name ?? dept)}
              onChange={(e) => void navigate(`/collection/${encodeURIComponent(e.target.value)}`)}
              fullWidth={false}
              sx={{ width: 220 }}
            >
              <MenuItem value="default">{t('collection.allDepartments')}</MenuItem>
              {departments.map((d) => (
                <MenuItem key={d._id} value={d.name}>
                  {d.name}
                </MenuItem>
              ))}
              {knownDept ? null : <MenuItem value={dept}>{dept}</MenuItem>}
            </TextField>
            <Button variant="contained" startIcon={<AddLocationIcon />} onClick={() => setAdding(true)} data-testid="add-collection-point">
              {t('collection.add')}
            </Button>
          </>
        }
      />
      {points.isError ? (
        <Alert severity="error" sx={{ mb: 3 }} action={<Button color="inherit" size="small" onClick={() => void points.refetch()}>{t('common.retry')}</Button>}>
          {displayError(t, points.error)}
        </Alert>
      ) : null}
      {points.isLoading ? (
        <Grid container spacing={3}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={220} />
            </Grid>
          ))}
        </Grid>
      ) : shown.length === 0 ? (
        <Card>
          <EmptyState
            Icon={PinDropIcon}
            title={t('collection.emptyTitle')}
            body={t('collection.emptyBody')}
            action={
              <Button variant="contained" startIcon={<AddLocationIcon />} onClick={() => setAdding(true)}>
                {t('collection.add')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Grid container spacing={3}>
          {shown.map((point) => (
            <Grid key={point._id} size={{ xs: 12, md: 6, lg: 4 }}>
              <PointCard point={point} />
            </Grid>
          ))}
        </Grid>
      )}
      <AddPointDialog open={adding} onClose={() => setAdding(false)} user={user} departments={departments} dept={dept} />
    </>
  );
};
