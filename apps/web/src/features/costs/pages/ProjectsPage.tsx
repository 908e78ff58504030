import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import type { GridColDef } from '@mui/x-data-grid';
import type { TProjectFigures } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useProjects } from '../api.ts';
import { ProjectDetail } from '../components/ProjectDetail.tsx';
import { ProjectDialog } from '../components/ProjectDialog.tsx';
import { ProjectCostsLink } from '../../projects/components/ProjectCostsLink.tsx';

/** /projects/{dept} (spec 01 §2): the department's projects (`default` when none is chosen) with their money. */
export const ProjectsPage = () => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { dept = 'default' } = useParams();
  const [search, setSearch] = useSearchParams();
  const selected = search.get('project');
  const all = useProjects(user.ownerEmail);
  const [creating, setCreating] = useState(false);
  const language = i18n.language;

  const departments = useMemo(() => [...new Set(['default', ...(all.data ?? []).map((p) => p.dept)])].sort((a, b) => (a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b))), [all.data]);
  const projects = (all.data ?? []).filter((p) => p.dept.toLowerCase() === dept.toLowerCase());
  const current = selected ? (all.data ?? []).find((p) => p.tagName === selected) : undefined;
  const open = (tagName: string) => setSearch({ project: tagName });

  const columns: GridColDef<TProjectFigures>[] = [
    { field: 'tagName', headerName: t('fields.tagName'), flex: 1.5, minWidth: 160, renderCell: ({ row }) => <Button size="small" onClick={() => open(row.tagName)}>{row.tagName}</Button> },
    moneyColumn('budgetMinor', t('fields.budget'), { currency: user.currency, language }),
    moneyColumn('overheadsMinor', t('fields.overheads'), { currency: user.currency, language }),
    moneyColumn('paymentsMinor', t('fields.payments'), { currency: user.currency, language }),
    moneyColumn('marginMinor', t('fields.margin'), { currency: user.currency, language }),
    { field: 'recordCount', headerName: t('fields.records'), type: 'number', width: 100 },
    { field: 'lastRecordDate', headerName: t('fields.lastRecord'), width: 130, valueFormatter: (v: string | null) => (v ? formatDate(v, language) : '') },
  ];

  return (
    <>
      <PageHeader
        title={current ? current.tagName : t('projects.title')}
        description={current ? current.projectDescription || t('projects.description') : t('projects.description')}
        actions={current
          ? <Button startIcon={<ArrowBackIcon />} onClick={() => setSearch({})}>{t('projects.back')}</Button>
          : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button component={RouterLink} to="/places" variant="outlined">{t('app:places.manage')}</Button>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{t('projects.newProject')}</Button>
            </Stack>
          )}
      />
      {!current ? (
        <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }} role="navigation" aria-label={t('projects.dept')}>
          {departments.map((d) => (
            <Chip key={d} label={d === 'default' ? t('projects.allDepartments') : d} color="primary" variant={d.toLowerCase() === dept.toLowerCase() ? 'filled' : 'outlined'}
              onClick={() => navigate(`/projects/${encodeURIComponent(d)}`)} aria-current={d.toLowerCase() === dept.toLowerCase() ? 'page' : undefined} />
          ))}
        </Stack>
      ) : null}
      {all.isLoading ? <Skeleton variant="rounded" height={240} />
        : all.isError ? <Alert severity="error">{t('projects.loadFailed')}</Alert>
          : current ? <ProjectDetail project={current} dept={dept} extraActions={<ProjectCostsLink name={current.tagName} />} />
            : projects.length === 0 ? (
              <Card>
                <EmptyState Icon={AccountTreeIcon} title={t('projects.emptyTitle')} body={t('projects.emptyBody')}
                  action={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{t('projects.newProject')}</Button>} />
              </Card>
            ) : (
              <Card>
                <CardContent>
                  <DataTable<TProjectFigures> label={t('projects.listLabel')} rows={projects} getRowId={(r) => r.tagName} columns={columns} />
                </CardContent>
              </Card>
            )}
      <ProjectDialog open={creating} dept={dept} onClose={() => setCreating(false)} onSaved={(tag) => { setCreating(false); open(tag); }} />
    </>
  );
};
