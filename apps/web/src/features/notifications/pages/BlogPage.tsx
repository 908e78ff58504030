import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CampaignIcon from '@mui/icons-material/Campaign';
import type { TAnnouncement } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { hasRole } from '../../../shared/access.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { useAnnouncements, useDeleteAnnouncement, usePostAnnouncement } from '../announcements.ts';

const PAGE_SIZE = 10;

/** /blog: announcements from the owner. The owner (or Settings-access) posts; everyone reads and is notified. */
export const BlogPage = () => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const canPost = hasRole(user.roles, 'Settings-access');
  const [page, setPage] = useState(1);
  const query = useAnnouncements(page, PAGE_SIZE);
  const post = usePostAnnouncement();
  const remove = useDeleteAnnouncement();
  const [writing, setWriting] = useState(false);
  const [draft, setDraft] = useState({ title: '', body: '' });
  const [errors, setErrors] = useState<{ title?: boolean; body?: boolean }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TAnnouncement | null>(null);
  const pages = Math.max(1, Math.ceil((query.data?.totalRecords ?? 0) / PAGE_SIZE));

  const openEditor = () => { setDraft({ title: '', body: '' }); setErrors({}); setServerError(null); setWriting(true); };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { title: !draft.title.trim(), body: !draft.body.trim() };
    setErrors(next);
    if (next.title || next.body) return;
    post.mutate({ title: draft.title.trim(), body: draft.body.trim() }, { onSuccess: () => { setWriting(false); setPage(1); }, onError: (err) => setServerError(displayError(t, err)) });
  };

  return (
    <>
      <PageHeader title={t('blog.title')} description={t('blog.description')}
        actions={canPost ? <Button variant="contained" startIcon={<AddIcon />} onClick={openEditor}>{t('blog.newPost')}</Button> : undefined} />
      {query.isLoading ? (
        <Stack spacing={2}><Skeleton variant="rounded" height={120} /><Skeleton variant="rounded" height={120} /></Stack>
      ) : query.isError ? (
        <Alert severity="error">{t('blog.loadFailed')}</Alert>
      ) : !query.data?.rows.length ? (
        <Card>
          <EmptyState Icon={CampaignIcon} title={t('blog.emptyTitle')} body={canPost ? t('blog.emptyBodyOwner') : t('blog.emptyBody')}
            action={canPost ? <Button variant="contained" startIcon={<AddIcon />} onClick={openEditor}>{t('blog.newPost')}</Button> : undefined} />
        </Card>
      ) : (
        <Stack spacing={2}>
          {query.data.rows.map((item) => (
            <Card key={item._id} component="article">
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                  <Chip size="small" icon={<CampaignIcon />} label={t('blog.title')} color="warning" variant="outlined" />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatDateTime(item.createdAt, i18n.language)} · {t('blog.by', { name: item.authorName })}
                  </Typography>
                </Stack>
                <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>{item.title}</Typography>
                <Typography sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>{item.body}</Typography>
              </CardContent>
              {canPost ? (
                <CardActions sx={{ justifyContent: 'flex-end' }}>
                  <Button color="error" size="small" onClick={() => setDeleting(item)}>{t('blog.delete')}</Button>
                </CardActions>
              ) : null}
            </Card>
          ))}
          {pages > 1 ? <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} sx={{ alignSelf: 'center' }} /> : null}
        </Stack>
      )}
      <FormDialog open={writing} title={t('blog.newPost')} submitLabel={t('blog.publish')} busy={post.isPending} error={serverError} onSubmit={onSubmit} onClose={() => setWriting(false)}>
        <TextField label={t('blog.postTitle')} value={draft.title} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} error={errors.title} helperText={errors.title ? t('validation.required') : undefined} required autoFocus slotProps={{ htmlInput: { maxLength: 160 } }} />
        <TextField label={t('blog.body')} value={draft.body} onChange={(e) => setDraft((d) => ({ ...d, body: e.target.value }))} error={errors.body} helperText={errors.body ? t('validation.required') : undefined} required multiline minRows={4} slotProps={{ htmlInput: { maxLength: 5000 } }} />
      </FormDialog>
      <ConfirmDialog open={!!deleting} title={t('blog.deleteTitle')} body={deleting ? t('blog.deleteBody', { title: deleting.title }) : ''} confirmLabel={t('blog.delete')} destructive busy={remove.isPending}
        onClose={() => setDeleting(null)} onConfirm={() => deleting && remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })} />
    </>
  );
};
