import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { useProjectCostingList } from '../api.ts';

const Inner = ({ name }: { name: string }) => {
  const { t } = useTranslation('projects');
  const list = useProjectCostingList();
  const project = list.data?.find((p) => p.name.trim().toLowerCase() === name.trim().toLowerCase());
  if (!project) return null;
  return (
    <Button component={RouterLink} to={`/project-costs/${project.projectId}`} variant="outlined" startIcon={<QueryStatsIcon />}>
      {t('open')}
    </Button>
  );
};

/** Opens a project's costing from the projects screen (a project known only by its name there). */
export const ProjectCostsLink = ({ name }: { name: string }) => (
  <Suspense fallback={null}><Inner name={name} /></Suspense>
);
