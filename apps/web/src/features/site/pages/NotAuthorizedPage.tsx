import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LockIcon from '@mui/icons-material/LockOutlined';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { useDocumentTitle } from '../../../shared/ui/PageHeader.tsx';

/** Spec 01 §2 notAuthorize: where a user without the area's role lands. */
export const NotAuthorizedPage = () => {
  const { t } = useTranslation('app');
  useDocumentTitle(t('notAuthorized.title'));
  return (
    <Card data-testid="not-authorized">
      <EmptyState
        Icon={LockIcon}
        title={t('notAuthorized.title')}
        headingLevel="h1"
        body={t('notAuthorized.body')}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            {t('notAuthorized.back')}
          </Button>
        }
      />
    </Card>
  );
};
