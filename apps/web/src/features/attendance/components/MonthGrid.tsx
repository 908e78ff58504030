import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
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
import type { TAttendanceLabel, TDepartment, TMarkNote, TSuspension } from '@bizdesk/contract';
import { formatDate } from '../../../shared/format/dates.ts';
import { CorrectDialog, type TCorrectTarget } from './CorrectDialog.tsx';
import { flash } from '../../../shared/ui/flash.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { exportMonth, useMonthGrid } from '../api.ts';
import { ATTENDANCE_LABELS, LABEL_COLORS, formatMonth, shiftMonth } from './labels.ts';

type TProps = { month: string; onMonth: (m: string) => void; departmentId: string; onDepartment: (id: string) => void; departments: TDepartment[]; today?: string };

/** The hover/tap text of a corrected day: who changed it, when and why. */
export const noteText = (t: (k: string, o?: Record<string, unknown>) => string, note: TMarkNote, language: string) =>
  t(note.kind === 'request' ? 'correct.requestedBy' : 'correct.correctedBy', { by: note.by, date: formatDate(note.at.slice(0, 10), language), reason: note.reason });

type TCellProps = {
  name: string; date: string; label: TAttendanceLabel | null; note?: TMarkNote; suspension?: TSuspension; editable: boolean; onEdit: () => void;
};

/**
 * One day of the month grid (issue 33): a past day or today opens the change dialog; a corrected day carries a marker
 * and says who changed it and why on hover, focus or tap; a day of a suspension without a mark shows SU.
 */
export const GridCell = ({ name, date, label, note, suspension, editable, onEdit }: TCellProps) => {
  const { t, i18n } = useTranslation('time');
  const shown = label ? t(`labels.${label}`) : suspension ? t('correct.suspended') : t('labels.none');
  const short = label ? t(`short.${label}`) : suspension ? t('correct.suspendedShort') : '';
  const hint = [note ? noteText(t, note, i18n.language) : null, suspension ? t('correct.suspendedUntil', { date: formatDate(suspension.to, i18n.language) }) : null].filter(Boolean).join(' · ');
  const sx = label
    ? { bgcolor: LABEL_COLORS[label], color: '#fff', fontWeight: 600 }
    : suspension ? { background: 'repeating-linear-gradient(45deg, #eceff1, #eceff1 4px, #cfd8dc 4px, #cfd8dc 8px)', color: '#263238', fontWeight: 600 } : undefined;
  // The marker is drawn, not written: the cell's visible text stays its code, which its accessible name contains (WCAG 2.5.3).
  const marker = note ? <Box component="span" aria-hidden="true" data-testid="corrected-marker" sx={{ position: 'absolute', top: 2, right: 2, width: 5, height: 5, borderRadius: '50%', bgcolor: 'currentColor' }} /> : null;
  // A code of more than one letter (LV, SU) is a word of the visible label, so it is spoken too.
  const spoken = short.length > 1 ? `${shown}, ${short}` : shown;
  const content = editable ? (
    <ButtonBase
      onClick={onEdit}
      aria-label={`${t('correct.editCell', { name, date: formatDate(date, i18n.language), label: spoken })}${hint ? ` (${note ? `${t('correct.corrected')}: ` : ''}${hint})` : ''}`}
      data-testid={`cell-${date}`}
      sx={{ width: '100%', minWidth: 28, minHeight: 28, font: 'inherit', color: 'inherit', position: 'relative', '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      {short}{marker}
    </ButtonBase>
  ) : <Box component="span" sx={{ position: 'relative', display: 'block', minWidth: 28 }} data-testid={`cell-${date}`}>{short}{marker}</Box>;
  return (
    <Box component="td" title={editable ? undefined : shown} sx={{ ...sx, p: '0 !important' }}>
      {hint ? <Tooltip title={hint} enterTouchDelay={0} describeChild><span>{content}</span></Tooltip> : content}
    </Box>
  );
};

/** The month at a glance: a colour per label for each employee and day, and each employee's totals. */
export const MonthGrid = ({ month, onMonth, departmentId, onDepartment, departments, today = new Date().toISOString().slice(0, 10) }: TProps) => {
  const { t, i18n } = useTranslation('time');
  const grid = useMonthGrid(month, departmentId || undefined);
  const [editing, setEditing] = useState<TCorrectTarget | null>(null);
  const noteOf = useMemo(() => new Map((grid.data?.notes ?? []).map((n) => [`${n.employeeId}|${n.date}`, n])), [grid.data]);
  const suspensionOf = (employeeId: string, date: string) => grid.data?.suspensions?.find((x) => x.employeeId === employeeId && x.from <= date && x.to >= date);
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
        <Typography variant="caption">{t('correct.suspended')} ({t('correct.suspendedShort')})</Typography>
        <Typography variant="caption">● {t('correct.corrected')}</Typography>
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
                  {r.labels.map((l, i) => {
                    const date = grid.data!.days[i];
                    return (
                      <GridCell
                        key={date}
                        name={r.employee.name}
                        date={date}
                        label={l}
                        note={noteOf.get(`${r.employee._id}|${date}`)}
                        suspension={suspensionOf(r.employee._id, date)}
                        editable={date <= today && date >= r.employee.startDate}
                        onEdit={() => {
                          const note = noteOf.get(`${r.employee._id}|${date}`);
                          setEditing({ employeeId: r.employee._id, name: r.employee.name, date, label: l, hint: note ? noteText(t, note, i18n.language) : undefined });
                        }}
                      />
                    );
                  })}
                  {ATTENDANCE_LABELS.map((l) => <td key={l}>{r.totals[l]}</td>)}
                </tr>
              ))}
            </tbody>
          </Box>
        </Card>
      )}
      {editing ? <CorrectDialog key={`${editing.employeeId}|${editing.date}`} target={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
};
