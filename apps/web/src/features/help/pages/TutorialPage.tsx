import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import PlayCircleIcon from '@mui/icons-material/PlayCircleFilled';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { findTutorial, lessonVideoUrl } from '../tutorials.ts';
import { NotFoundPage } from '../../site/pages/NotFoundPage.tsx';

/** One of the tutorial video pages of spec 01 §2: a title and a list of video links. */
export const TutorialPage = () => {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const tutorial = findTutorial(pathname);
  if (!tutorial) return <NotFoundPage />;
  const base = `help.tutorials.${tutorial.key}`;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <Breadcrumbs sx={{ mb: 2 }} aria-label={t('help.breadcrumb')}>
        <Link component={RouterLink} to="/training-modules" color="inherit">
          {t('help.title')}
        </Link>
        <Typography sx={{ color: 'text.primary' }}>{t(`help.areas.${tutorial.area}`)}</Typography>
      </Breadcrumbs>
      <PageHeader title={t(`${base}.title`)} description={t(`${base}.description`)} />
      <Card>
        <List disablePadding aria-label={t('help.videos')}>
          {tutorial.lessons.map((lesson, index) => {
            const title = t(`${base}.lessons.${lesson}`);
            const external = !tutorial.placeholder;
            return (
              <li key={lesson}>
                {index ? <Divider component="div" /> : null}
                <ListItemButton
                  component="a"
                  href={lessonVideoUrl(tutorial, lesson, title)}
                  target={external ? '_blank' : undefined}
                  rel={external ? 'noopener noreferrer' : undefined}
                  sx={{ py: 2, px: 3, borderRadius: 0 }}
                  data-testid="tutorial-video-link"
                >
                  <ListItemIcon sx={{ minWidth: 48 }}>
                    <PlayCircleIcon color="primary" fontSize="large" />
                  </ListItemIcon>
                  <ListItemText
                    primary={`${index + 1}. ${title}`}
                    secondary={tutorial.placeholder ? undefined : t('help.watch')}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                </ListItemButton>
              </li>
            );
          })}
        </List>
      </Card>
    </Container>
  );
};
