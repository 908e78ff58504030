import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { displayError } from '../../../shared/i18n/index.ts';

/** An employee page whose employee could not be loaded (deleted, another business's, or a bad id). */
export const EmployeeNotFound = ({ error, actions }: { error: unknown; actions?: ReactNode }) => {
  const { t } = useTranslation('people');
  return (
    <>
      <PageHeader title={t('detail.title')} actions={actions} />
      <Card>
        <EmptyState
          Icon={PersonOffIcon}
          title={t('form.notFoundTitle')}
          body={`${displayError(t, error)}. ${t('form.notFoundBody')}`}
          action={
            <Button component={RouterLink} to="/employee" variant="contained">
              {t('detail.toList')}
            </Button>
          }
        />
      </Card>
    </>
  );
};
