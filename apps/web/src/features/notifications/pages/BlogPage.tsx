import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import CampaignIcon from '@mui/icons-material/Campaign';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { useNotifications } from '../api.ts';

/** /blog: announcements from the owner — the notifications in the 'Announcements' category. */
export const BlogPage = () => {
  const { t, i18n } = useTranslation('app');
  const user = useCurrentUser();
  const query = useNotifications(user.ownerEmail);
  const posts = (query.data ?? []).filter((notice) => notice.type === 'Announcements');
  return (
    <>
      <PageHeader title={t('modules.blog.title')} description={t('modules.blog.description')} />
      {query.isLoading ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : query.isError ? (
        <Alert severity="error">{t('msg.notificationsFetchFailed')}</Alert>
      ) : posts.length === 0 ? (
        <Card>
          <EmptyState Icon={CampaignIcon} title={t('modules.blog.emptyTitle')} body={t('modules.blog.emptyBody')} />
        </Card>
      ) : (
        <Stack spacing={2}>
          {posts.map((post) => (
            <Card key={post.id} component="article">
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <Chip size="small" icon={<CampaignIcon />} label={t('modules.blog.badge')} color="warning" variant="outlined" />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatDateTime(post.createdAt, i18n.language)}
                  </Typography>
                </Stack>
                <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
                  {post.title}
                </Typography>
                <Typography sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>{post.description}</Typography>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
};
