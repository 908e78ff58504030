import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import GroupsIcon from '@mui/icons-material/Groups';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import AddLinkIcon from '@mui/icons-material/AddLink';
import PinDropIcon from '@mui/icons-material/PinDrop';
import { ZVideoUpload, type TDepartmentFile, type TDepartmentView, type TEmployee } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { useAddVideo, useDeleteDepartmentFile, useDepartmentView, useUploadDepartmentFile } from '../api.ts';
import { downloadFile, formatBytes } from '../files.ts';
import { applyServerError } from '../../../shared/ui/formErrors.ts';
import { detailPath } from '../paths.ts';
import { fieldError } from '../validation.ts';

const ZVideoForm = z.object({ videoUrl: ZVideoUpload.shape.videoUrl, originalName: z.string().trim().max(200, 'must be at most 200 characters') });
type TVideoForm = z.infer<typeof ZVideoForm>;

const AddVideoDialog = ({ open, onClose, departmentId, email }: { open: boolean; onClose: () => void; departmentId: string; email: string }) => {
  const { t } = useTranslation('people');
  const add = useAddVideo();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TVideoForm>({ resolver: zodResolver(ZVideoForm), defaultValues: { videoUrl: '', originalName: '' } });
  useEffect(() => {
    if (open) {
      reset({ videoUrl: '', originalName: '' });
      setFormError(null);
    }
  }, [open, reset]);
  const onSubmit = handleSubmit(async ({ videoUrl, originalName }) => {
    setFormError(null);
    try {
      await add.mutateAsync({ email, department: departmentId, videoUrl, ...(originalName ? { originalName } : {}) });
      onClose();
    } catch (error) {
      setFormError(applyServerError(t, error, setError, ['videoUrl', 'originalName']));
    }
  });
  return (
    <FormDialog open={open} title={t('department.addVideoTitle')} description={t('department.addVideoBody')} submitLabel={t('department.addVideo')} busy={add.isPending} error={formError} onSubmit={onSubmit} onClose={onClose}>
      <TextField label={t('department.videoUrl')} type="url" autoFocus placeholder="https://" {...register('videoUrl')} error={!!errors.videoUrl} helperText={fieldError(t, errors.videoUrl?.message)} />
      <TextField label={t('department.videoName')} {...register('originalName')} error={!!errors.originalName} helperText={fieldError(t, errors.originalName?.message)} />
    </FormDialog>
  );
};

const EntryIcon = ({ kind }: { kind: TDepartmentFile['kind'] }) => (kind === 'video' ? <OndemandVideoIcon color="secondary" /> : <DescriptionIcon color="primary" />);

const Department = ({ view }: { view: TDepartmentView }) => {
  const { t, i18n } = useTranslation('people');
  const user = useCurrentUser();
  const language = i18n.language;
  const inputRef = useRef<HTMLInputElement>(null);
  const [addingVideo, setAddingVideo] = useState(false);
  const [removing, setRemoving] = useState<TDepartmentFile | null>(null);
  const upload = useUploadDepartmentFile(user.ownerEmail);
  const remove = useDeleteDepartmentFile(user.ownerEmail);
  const departmentId = view.department._id;
  const documents = view.files.filter((f) => f.kind === 'file');

  const columns = useMemo<GridColDef<TEmployee>[]>(
    () => [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={detailPath(row._id)} sx={{ fontWeight: 600, display: 'inline-block', lineHeight: '24px' }}>
            {row.name}
          </Link>
        ),
      },
      { field: 'employeeNumber', headerName: t('fields.employeeNumber'), width: 140 },
      { field: 'designation', headerName: t('fields.designation'), flex: 1, minWidth: 140, valueGetter: (value: string | null) => value ?? '—' },
      { field: 'email', headerName: t('fields.email'), flex: 1, minWidth: 200 },
      { field: 'startDate', headerName: t('fields.startDate'), width: 130, valueFormatter: (value: string) => formatDate(value, language) },
    ],
    [t, language],
  );

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate({ departmentId, file }, { onError: (error) => flash(displayError(t, error), 'error') });
  };

  const onDownload = (file: TDepartmentFile) =>
    downloadFile(`/docs/department-file/${encodeURIComponent(file._id)}`, { fileName: file.name }).catch((error: unknown) =>
      flash(t('documents.downloadFailed', { message: displayError(t, error) }), 'error'),
    );

  const removeButton = (file: TDepartmentFile) => (
    <Tooltip title={t('department.remove')}>
      <IconButton onClick={() => setRemoving(file)} aria-label={`${t('department.remove')}: ${file.name}`}>
        <DeleteIcon color="error" />
      </IconButton>
    </Tooltip>
  );

  return (
    <>
      <PageHeader
        eyebrow={t('department.eyebrow', { unit: view.unit.name })}
        title={t('department.title', { dept: view.department.name })}
        description={view.department.description || t('department.description')}
        actions={
          <Button component={RouterLink} to={`/collection/${encodeURIComponent(view.department.name)}`} variant="outlined" startIcon={<PinDropIcon />}>
            {t('department.collection')}
          </Button>
        }
      />
      <Grid container spacing={3}>
        <Grid size={12}>
          <PanelCard title={t('department.employees')} subtitle={t('department.employeesCount', { count: view.employees.length })}>
            {view.employees.length === 0 ? (
              <EmptyState Icon={GroupsIcon} compact title={t('department.noEmployeesTitle')} body={t('department.noEmployeesBody')} />
            ) : (
              <DataTable<TEmployee> label={t('department.employees')} rows={view.employees} columns={columns} getRowId={(row) => row._id} />
            )}
          </PanelCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <PanelCard
            title={t('department.files')}
            subtitle={t('department.filesSubtitle')}
            action={
              <>
                <input ref={inputRef} type="file" hidden accept=".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,image/*" onChange={onChoose} aria-label={t('department.uploadFile')} data-testid="department-file-input" />
                <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => inputRef.current?.click()} loading={upload.isPending} sx={{ flexShrink: 0 }}>
                  {t('department.uploadFile')}
                </Button>
              </>
            }
          >
            {upload.isPending ? <LinearProgress sx={{ mx: 3, mb: 2 }} aria-label={t('department.uploadFile')} /> : null}
            {documents.length === 0 ? (
              <EmptyState Icon={FolderSharedIcon} compact title={t('department.noFilesTitle')} body={t('department.noFilesBody')} />
            ) : (
              <List sx={{ px: 1, pb: 1 }} data-testid="department-files">
                {documents.map((file) => (
                  <ListItem
                    key={file._id}
                    divider
                    sx={{ pr: 14 }}
                    secondaryAction={
                      <Stack direction="row" spacing={0.5}>
                        <Tooltip title={t('common.download')}>
                          <IconButton onClick={() => void onDownload(file)} aria-label={`${t('common.download')}: ${file.name}`}>
                            <DownloadIcon />
                          </IconButton>
                        </Tooltip>
                        {removeButton(file)}
                      </Stack>
                    }
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <EntryIcon kind={file.kind} />
                    </ListItemIcon>
                    <ListItemText primary={file.name} secondary={`${formatDate(file.createdAt, language)} · ${formatBytes(file.size, language)}`} slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }} />
                  </ListItem>
                ))}
              </List>
            )}
          </PanelCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <PanelCard
            title={t('department.videos')}
            subtitle={t('department.videosSubtitle')}
            action={
              <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={() => setAddingVideo(true)} sx={{ flexShrink: 0 }}>
                {t('department.addVideo')}
              </Button>
            }
          >
            {view.videos.length === 0 ? (
              <EmptyState Icon={VideoLibraryIcon} compact title={t('department.noVideosTitle')} body={t('department.noVideosBody')} />
            ) : (
              <List sx={{ px: 1, pb: 1 }} data-testid="department-videos">
                {view.videos.map((video) => (
                  <ListItem key={video._id} divider sx={{ pr: 8 }} secondaryAction={removeButton(video)}>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <EntryIcon kind={video.kind} />
                    </ListItemIcon>
                    <ListItemText
                      primary={
                        <Link href={video.url} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                          {video.name}
                        </Link>
                      }
                      secondary={`${formatDate(video.createdAt, language)} · ${t('department.watch')}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </PanelCard>
        </Grid>
      </Grid>
      <AddVideoDialog open={addingVideo} onClose={() => setAddingVideo(false)} departmentId={departmentId} email={user.ownerEmail} />
      <ConfirmDialog
        open={!!removing}
        destructive
        title={t('department.deleteFileTitle', { name: removing?.name ?? '' })}
        body={t('department.deleteFileBody')}
        confirmLabel={t('department.remove')}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate({ departmentId, file: removing }, { onSuccess: () => setRemoving(null), onError: (error) => flash(displayError(t, error), 'error') });
        }}
      />
    </>
  );
};

/** /department-view/{unit}/{dept} (spec 01 §2): unit and department by id or name. */
export const DepartmentViewPage = () => {
  const { t } = useTranslation('people');
  const { unit = '', dept = '' } = useParams();
  const view = useDepartmentView(unit, dept);
  if (view.isError) {
    return (
      <>
        <PageHeader title={dept} eyebrow={t('department.eyebrow', { unit })} />
        <Card>
          <EmptyState
            Icon={FolderSharedIcon}
            title={t('department.notFoundTitle')}
            body={
              <>
                {displayError(t, view.error)}. {t('department.notFoundBody')}
              </>
            }
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
  if (!view.data) {
    return (
      <Stack spacing={3} role="status" aria-label={t('core:common.loading')}>
        <Skeleton variant="text" width={280} height={56} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return <Department view={view.data} />;
};
