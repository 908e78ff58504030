import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../shared/ui/PageHeader.tsx';

/** Spec 01 §2: the 404 page (also every unknown path). */
export const NotFoundPage = () => {
  const { t } = useTranslation('app');
  useDocumentTitle(t('notFound.title'));
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 14 } }} data-testid="not-found">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h1" component="p" sx={{ fontSize: { xs: '5rem', md: '7rem' }, color: 'primary.main', lineHeight: 1 }} aria-hidden="true">
          404
        </Typography>
        <Typography variant="h4" component="h1">
          {t('notFound.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('notFound.body')}</Typography>
        <Stack direction="row" spacing={1.5} sx={{ pt: 2 }}>
          <Button variant="outlined" onClick={() => window.history.back()}>
            {t('common.back')}
          </Button>
          <Button component={RouterLink} to="/" variant="contained">
            {t('notFound.home')}
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
};
