import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import LogoutIcon from '@mui/icons-material/Logout';
import HistoryIcon from '@mui/icons-material/History';
import type { TDataAuthV2 } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { DetailList, formatMoney } from '../../employees/components/ProfileDetails.tsx';
import { PORTAL_KEY } from '../api.ts';
import { endPortalSession } from '../portalSession.ts';
import { BusinessMark } from './EmployeePortal.tsx';
import { CollectorStockPanel } from '../../inventory/components/CollectorStockPanel.tsx';
import { SiteStockPanel } from '../../collection/components/SiteStockPanel.tsx';
import { usePortalState } from '../portalSession.ts';

type TRecord = TDataAuthV2['records'][number];

/** DataAuthV2: the collection point a field employee signed in to, with its items and recent records. */
export const CollectorPortal = ({ session }: { session: TDataAuthV2 }) => {
  const { t, i18n } = useTranslation('people');
  const queryClient = useQueryClient();
  const language = i18n.language;
  const { collectionPoint: point, employee, business } = session;
  const token = usePortalState().collector?.token;

  const own = useMemo(() => ({ name: employee.name, employeeNumber: employee.employeeNumber }), [employee.name, employee.employeeNumber]);
  const recordColumns = useMemo<GridColDef<TRecord>[]>(
    () => [
      { field: 'createdAt', headerName: t('portal.collector.date'), width: 170, valueFormatter: (value: string) => formatDateTime(value, language) },
      { field: 'kind', headerName: t('portal.collector.kind'), width: 120, valueGetter: (value: string) => t(`portal.collector.kinds.${value}`, { defaultValue: value }) },
      { field: 'description', headerName: t('portal.collector.description'), flex: 1, minWidth: 180 },
      { field: 'quantity', headerName: t('portal.collector.quantity'), type: 'number', width: 110 },
      { field: 'amountMinor', headerName: t('portal.collector.amount'), width: 140, valueGetter: (value: number | null) => (value === null ? '' : formatMoney(value / 100, business.currency, language)) },
      { field: 'recordedBy', headerName: t('portal.collector.recordedBy'), width: 130 },
    ],
    [t, language, business.currency],
  );

  const signOut = () => {
    endPortalSession('collector');
    queryClient.removeQueries({ queryKey: PORTAL_KEY });
  };

  return (
    <Stack spacing={3} data-testid="collector-portal">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <BusinessMark name={business.businessName} imagePath={business.imagePath} />
          <Box>
            <Typography variant="h4" component="h1">
              {t('portal.collector.title', { tag: point.tagName })}
            </Typography>
            <Typography variant="body1" sx={{ color: 'text.secondary' }}>
              {t('portal.collector.subtitle', { business: business.businessName, dept: point.dept })}
            </Typography>
          </Box>
        </Stack>
        <Button variant="outlined" startIcon={<LogoutIcon />} onClick={signOut}>
          {t('common.signOut')}
        </Button>
      </Stack>
      <Card>
        <CardContent>
          <Typography variant="body2" sx={{ mb: 2, fontWeight: 600 }}>
            {t('portal.collector.signedInAs', { name: employee.name, number: employee.employeeNumber })}
          </Typography>
          <DetailList
            items={[
              { key: 'project', label: t('portal.collector.project'), value: point.projectDescription },
              { key: 'scope', label: t('portal.collector.scope'), value: point.projectScope },
            ]}
          />
        </CardContent>
      </Card>
      {/* Their own boundaries: the stock panels' texts load on their own, never holding back the rest of the portal. */}
      {/* Issue 34: the stock rows at the point's place, recorded here (offline too); the sign-in's item list was always empty. */}
      {token ? <Suspense fallback={<Skeleton variant="rounded" height={160} />}><SiteStockPanel token={token} point={point} own={own} /></Suspense> : null}
      {token ? <Suspense fallback={null}><CollectorStockPanel token={token} point={point} /></Suspense> : null}
      <Grid container spacing={3}>
        <Grid size={12}>
          <PanelCard title={t('portal.collector.records')}>
            {session.records.length === 0 ? (
              <EmptyState Icon={HistoryIcon} compact title={t('portal.collector.recordsEmpty')} body={t('portal.collector.recordsBody')} />
            ) : (
              <DataTable<TRecord> label={t('portal.collector.records')} rows={session.records} columns={recordColumns} getRowId={(row) => row._id} />
            )}
          </PanelCard>
        </Grid>
      </Grid>
    </Stack>
  );
};
