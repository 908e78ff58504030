import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFleetRequisition, TTrip, TTruckDetail } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { useInventoryUser } from '../../inventory/components/useInventoryUser.ts';
import { useTruckDetail } from '../api.ts';
import { bookingEnd } from '../lib/availability.ts';
import { EntryDialog, ManageTruckDialog, TripDialog } from '../components/FleetDialogs.tsx';

type TEntryRow = TTruckDetail['entries'][number];

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 150 }}>
    <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
    <Typography variant="body1" component="div">{children}</Typography>
  </Box>
);

/** /fleet/:id: a truck's bookings, trips, fuel and maintenance (km/l, cost per km), service due and papers (issue 34). */
export const TruckPage = () => {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('inventory');
  const { email, money } = useInventoryUser();
  const detail = useTruckDetail(id);
  const [dialog, setDialog] = useState<'manage' | 'entry' | 'trip' | null>(null);
  const date = (d: string | null | undefined) => (d ? formatDate(d, i18n.language) : '—');
  const num = (n: number | null | undefined, digits = 0) => (n == null ? '—' : n.toLocaleString(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  const data = detail.data;
  const truck = data?.truck ?? null;

  const entryColumns: GridColDef<TEntryRow>[] = [
    { field: 'date', headerName: t('common.date'), width: 120, valueFormatter: (v: string) => date(v) },
    { field: 'kind', headerName: t('fleet.entryKind'), width: 130, valueGetter: (v: string, row) => (row.isService ? t('fleet.service') : t(`fleet.entryKinds.${v}`)) },
    { field: 'odometerKm', headerName: t('fleet.odometerKm'), type: 'number', width: 120, valueFormatter: (v: number | null) => num(v) },
    { field: 'litres', headerName: t('fleet.litres'), type: 'number', width: 100, valueFormatter: (v: number | null) => num(v, 1) },
    { field: 'costMinor', headerName: t('fleet.cost'), type: 'number', width: 130, valueFormatter: (v: number) => money(v) },
    { field: 'kmPerLitre', headerName: t('fleet.kmPerLitre'), type: 'number', width: 100, valueFormatter: (v: number | null) => num(v, 1) },
    { field: 'costPerKmMinor', headerName: t('fleet.costPerKm'), type: 'number', width: 120, valueFormatter: (v: number | null) => (v == null ? '—' : money(v)) },
    { field: 'note', headerName: t('fleet.note'), flex: 1, minWidth: 120 },
  ];
  const tripColumns: GridColDef<TTrip>[] = [
    { field: 'date', headerName: t('common.date'), width: 120, valueFormatter: (v: string) => date(v) },
    { field: 'driverName', headerName: t('fleet.driver'), width: 150, valueGetter: (v: string | null) => v ?? '' },
    { field: 'from', headerName: t('fleet.tripFrom'), width: 130 },
    { field: 'to', headerName: t('fleet.tripTo'), width: 130, valueGetter: (v: string, row) => row.placeName ?? v },
    { field: 'startKm', headerName: t('fleet.startKm'), type: 'number', width: 110, valueFormatter: (v: number) => num(v) },
    { field: 'endKm', headerName: t('fleet.endKm'), type: 'number', width: 110, valueFormatter: (v: number) => num(v) },
    { field: 'purpose', headerName: t('common.purpose'), flex: 1, minWidth: 120 },
  ];
  const bookingColumns: GridColDef<TFleetRequisition>[] = [
    { field: 'tagName', headerName: t('common.project'), width: 160 },
    { field: 'startDate', headerName: t('fleet.startDate'), width: 120, valueFormatter: (v: string) => date(v) },
    { field: 'endDate', headerName: t('fleet.finishDate'), width: 140, valueFormatter: (v: string) => bookingEnd(v, t, (d) => formatDate(d, i18n.language)) },
    { field: 'status', headerName: t('common.status'), width: 110, valueGetter: (v: string) => t(`fleet.statuses.${v}`) },
    { field: 'purpose', headerName: t('common.purpose'), flex: 1, minWidth: 140 },
  ];

  if (detail.isError) return <Typography role="alert">{t('common.loadFailed')}</Typography>;
  const due = truck?.serviceDue;
  return (
    <Box>
      <PageHeader
        title={truck ? t('fleet.truckTitle', { plate: truck.plateNumber, model: truck.model }) : t('fleet.truck')}
        description={truck?.assignedTagName ? t('fleet.assignedTo', { project: truck.assignedTagName }) : undefined}
        actions={truck ? (
          <>
            <Button component={RouterLink} to="/fleet-requisition">{t('fleet.backToFleet')}</Button>
            <Button onClick={() => setDialog('manage')}>{t('fleet.manage')}</Button>
            {truck.kind === 'truck' ? <Button onClick={() => setDialog('trip')}>{t('fleet.addTrip')}</Button> : null}
            <Button variant="contained" onClick={() => setDialog('entry')}>{t('fleet.entry')}</Button>
          </>
        ) : null}
      />
      {truck && data ? (
        <>
          <Card sx={{ mb: 3 }}>
            <CardContent>
              <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap' }}>
                <Fact label={t('fleet.driver')}>{truck.driverName ?? '—'}</Fact>
                <Fact label={t('fleet.driverLicenceExpiry')}>{date(truck.driverLicenceExpiry)}</Fact>
                <Fact label={t('fleet.insuranceExpiry')}>{date(truck.insuranceExpiry)}</Fact>
                <Fact label={t('fleet.roadworthinessExpiry')}>{date(truck.roadworthinessExpiry)}</Fact>
                <Fact label={t('fleet.hackneyPermitExpiry')}>{date(truck.hackneyPermitExpiry)}</Fact>
                <Fact label={t('fleet.odometerKm')}>{num(truck.odometerKm)}</Fact>
                <Fact label={t('fleet.kmPerLitre')}><span data-testid="km-per-litre">{num(data.kmPerLitre, 1)}</span></Fact>
                <Fact label={t('fleet.costPerKm')}>{data.costPerKmMinor == null ? '—' : money(data.costPerKmMinor)}</Fact>
                {truck.kind === 'generator' ? <Fact label={t('fleet.litresPerHour')}>{num(data.litresPerHour, 1)}</Fact> : null}
                <Fact label={t('fleet.serviceDue')}>
                  {due ? (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{[due.dueKm != null ? `${num(due.dueKm)} km` : null, due.dueDate ? date(due.dueDate) : null].filter(Boolean).join(' · ')}</span>
                      {due.isDue ? <Chip size="small" color="warning" label={t('fleet.dueNow')} /> : null}
                    </Stack>
                  ) : t('fleet.noSchedule')}
                </Fact>
              </Stack>
            </CardContent>
          </Card>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('fleet.entriesTitle')}</Typography>
          <Card sx={{ mb: 3 }}>
            <DataTable<TEntryRow> label={t('fleet.entriesTitle')} rows={data.entries} columns={entryColumns} getRowId={(r) => r._id} columnBufferPx={2000} />
          </Card>
          {truck.kind === 'truck' ? (
            <>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('fleet.tripsTitle')}</Typography>
              <Card sx={{ mb: 3 }}>
                <DataTable<TTrip> label={t('fleet.tripsTitle')} rows={data.trips} columns={tripColumns} getRowId={(r) => r._id} columnBufferPx={2000} />
              </Card>
            </>
          ) : null}
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('fleet.bookingsTitle')}</Typography>
          <Card>
            <DataTable<TFleetRequisition> label={t('fleet.bookingsTitle')} rows={data.bookings} columns={bookingColumns} getRowId={(r) => r._id} columnBufferPx={2000} />
          </Card>
        </>
      ) : null}
      <ManageTruckDialog truck={dialog === 'manage' ? truck : null} email={email} onClose={() => setDialog(null)} />
      <EntryDialog truck={dialog === 'entry' ? truck : null} onClose={() => setDialog(null)} />
      <TripDialog truck={dialog === 'trip' ? truck : null} email={email} onClose={() => setDialog(null)} />
    </Box>
  );
};
