import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useLabourAllocation, useSaveLabourAllocation } from '../api.ts';

type TRow = { projectId: string | null; percent: string };
const thisMonth = () => new Date().toISOString().slice(0, 7);
/** "12.5" → 1250 basis points; null when not a number above 0 and at most 100 with at most 2 decimals. */
const toBp = (text: string) => {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp > 0 && bp <= 10000 ? bp : null;
};
const fromBp = (bp: number) => String(bp / 100);

/**
 * Issue 35: where an employee's labour goes — each project's share of their cost to the employer from a month on. An
 * approved payroll run charges the shares to the projects' cost ledger.
 */
export const LabourAllocationPanel = ({ employeeId }: { employeeId: string }) => {
  const { t } = useTranslation('ledger');
  const { t: tApp } = useTranslation('app');
  const current = useLabourAllocation(employeeId);
  const save = useSaveLabourAllocation(employeeId);
  const [month, setMonth] = useState(thisMonth());
  const [rows, setRows] = useState<TRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const latest = current.data?.months[0];
  useEffect(() => {
    if (!latest) return;
    setRows(latest.allocations.map((a) => ({ projectId: a.projectId, percent: fromBp(a.percentBp) })));
  }, [latest]);

  const onSave = async () => {
    setError(null);
    if (!/^\d{4}-\d{2}$/.test(month)) return setError(t('monthRequired'));
    if (rows.some((r) => !r.projectId)) return setError(t('projectRequired'));
    const bps = rows.map((r) => toBp(r.percent));
    if (bps.some((b) => b === null)) return setError(t('percentInvalid'));
    if (bps.reduce((s, b) => s! + b!, 0)! > 10000) return setError(t('overHundred'));
    try {
      await save.mutateAsync({ effectiveMonth: month, allocations: rows.map((r, i) => ({ projectId: r.projectId!, percentBp: bps[i]! })) });
    } catch (err) {
      setError(displayError(tApp, err));
    }
  };

  return (
    <PanelCard title={t('labourTitle')} subtitle={t('labourIntro')}>
      <Stack spacing={2} sx={{ px: 3, pb: 3 }}>
        {current.isError ? <Alert severity="error">{displayError(tApp, current.error)}</Alert> : null}
        {current.data && current.data.months.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {current.data.months.map((m) => `${t('inForce', { month: m.effectiveMonth })}: ${m.allocations.map((a) => `${a.projectName} ${fromBp(a.percentBp)}%`).join(', ')}`).join(' · ')}
          </Typography>
        ) : null}
        {rows.length === 0 ? <Typography variant="body2" color="text.secondary">{t('labourEmpty')}</Typography> : null}
        {rows.map((r, i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <PlacePicker size="small" label={t('project')} kinds={['project']} value={r.projectId} onChange={(p) => setRows(rows.map((x, j) => (j === i ? { ...x, projectId: p?._id ?? null } : x)))} />
            </Box>
            <TextField size="small" label={t('percent')} inputMode="decimal" value={r.percent} sx={{ width: { sm: 140 } }}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, percent: e.target.value } : x)))} />
            <IconButton aria-label={t('remove')} onClick={() => setRows(rows.filter((_, j) => j !== i))}><DeleteIcon /></IconButton>
          </Stack>
        ))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button onClick={() => setRows([...rows, { projectId: null, percent: '' }])}>{t('addProject')}</Button>
          <TextField size="small" type="month" label={t('effectiveMonth')} value={month} onChange={(e) => setMonth(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <Button variant="contained" onClick={onSave} disabled={save.isPending}>{t('save')}</Button>
        </Stack>
        {error ? <Alert severity="error">{error}</Alert> : null}
      </Stack>
    </PanelCard>
  );
};
