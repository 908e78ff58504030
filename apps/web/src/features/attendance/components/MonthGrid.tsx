import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import type { TDepartment } from '@bizdesk/contract';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { exportMonth, useMonthGrid } from '../api.ts';
import { ATTENDANCE_LABELS, LABEL_COLORS, formatMonth, shiftMonth } from './labels.ts';

type TProps = { month: string; onMonth: (m: string) => void; departmentId: string; onDepartment: (id: string) => void; departments: TDepartment[] };

/** The month at a glance: a colour per label for each employee and day, and each employee's totals. */
export const MonthGrid = ({ month, onMonth, departmentId, onDepartment, departments }: TProps) => {
  const { t, i18n } = useTranslation('time');
  const grid = useMonthGrid(month, departmentId || undefined);
  const onExport = (format: 'csv' | 'xlsx') => exportMonth(month, format, departmentId || undefined).catch((e) => flash(displayError(t, e), 'error'));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton aria-label={t('common.previous')} onClick={() => onMonth(shiftMonth(month, -1))}><ChevronLeftIcon /></IconButton>
          <Typography variant="h6" component="h2" sx={{ minWidth: 170, textAlign: 'center' }} data-testid="grid-month">{formatMonth(month, i18n.language)}</Typography>
          <IconButton aria-label={t('common.next')} onClick={() => onMonth(shiftMonth(month, 1))}><ChevronRightIcon /></IconButton>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <TextField select size="small" label={t('common.department')} value={departmentId} onChange={(e) => onDepartment(e.target.value)} sx={{ minWidth: 200 }}>
            <MenuItem value="">{t('common.allDepartments')}</MenuItem>
            {departments.map((d) => <MenuItem key={d._id} value={d._id}>{d.name}</MenuItem>)}
          </TextField>
          <Button startIcon={<DownloadIcon />} onClick={() => onExport('csv')}>{t('attendance.exportCsv')}</Button>
          <Button startIcon={<DownloadIcon />} onClick={() => onExport('xlsx')}>{t('attendance.exportXlsx')}</Button>
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', gap: 1 }} aria-hidden="true">
        {ATTENDANCE_LABELS.map((l) => (
          <Stack key={l} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: LABEL_COLORS[l] }} />
            <Typography variant="caption">{t(`labels.${l}`)} ({t(`short.${l}`)})</Typography>
          </Stack>
        ))}
      </Stack>
      {grid.isLoading ? <Skeleton variant="rounded" height={240} /> : grid.error ? (
        <Alert severity="error">{displayError(t, grid.error)}</Alert>
      ) : (
        <Card sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={formatMonth(month, i18n.language)}>
          <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 13, '& th, & td': { border: 1, borderColor: 'divider', p: 0.5, textAlign: 'center', whiteSpace: 'nowrap' } }} data-testid="month-grid">
            <caption style={{ position: 'absolute', left: -10000 }}>{formatMonth(month, i18n.language)}</caption>
            <thead>
              <tr>
                <Box component="th" scope="col" sx={{ textAlign: 'left !important', position: 'sticky', left: 0, bgcolor: 'background.paper', minWidth: 160 }}>{t('common.employee')}</Box>
                {grid.data!.days.map((d) => <th key={d} scope="col">{Number(d.slice(8))}</th>)}
                {ATTENDANCE_LABELS.map((l) => <th key={l} scope="col" title={t(`labels.${l}`)}>{t(`short.${l}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {grid.data!.rows.map((r) => (
                <tr key={r.employee._id}>
                  <Box component="th" scope="row" sx={{ textAlign: 'left !important', position: 'sticky', left: 0, bgcolor: 'background.paper', fontWeight: 500 }}>{r.employee.name}</Box>
                  {r.labels.map((l, i) => (
                    <Box component="td" key={i} title={l ? t(`labels.${l}`) : t('labels.none')} sx={l ? { bgcolor: LABEL_COLORS[l], color: '#fff', fontWeight: 600 } : undefined}>
                      {l ? t(`short.${l}`) : ''}
                    </Box>
                  ))}
                  {ATTENDANCE_LABELS.map((l) => <td key={l}>{r.totals[l]}</td>)}
                </tr>
              ))}
            </tbody>
          </Box>
        </Card>
      )}
    </Stack>
  );
};
