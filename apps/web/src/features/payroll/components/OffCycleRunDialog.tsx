import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { OFF_CYCLE_KINDS, type TCreateOffCycleRun, type TOffCycleKind } from '@bizdesk/contract';

export type TOffCycleEmployee = { id: string; name: string; number: string };
type TLine = { employeeId: string; name: string; amount: string };

type TProps = {
  open: boolean;
  month: string;
  employees: TOffCycleEmployee[];
  busy: boolean;
  error?: string | null;
  onSubmit: (body: TCreateOffCycleRun) => void;
  onClose: () => void;
};

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const SIGNED = /^-?\d{1,13}(\.\d{1,2})?$/;
/** "50,000" as typed → "50000"; the server reads major-unit text. */
const clean = (text: string) => text.replace(/[\s,]/g, '');

/**
 * Issue 32 item 3: a new off-cycle run (bonus, 13th month, correction) of a month. A bonus takes an amount or a
 * percentage of one month's gross for everyone and an amount per employee; a 13th month defaults to one month's basic
 * (or gross) and takes an amount per employee; a correction takes signed lines per employee. Full screen on a phone.
 */
export const OffCycleRunDialog = ({ open, month, employees, busy, error, onSubmit, onClose }: TProps) => {
  const { t } = useTranslation('pay');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [kind, setKind] = useState<TOffCycleKind>('thirteenth-month');
  const [runMonth, setRunMonth] = useState(month);
  const [label, setLabel] = useState('');
  const [base, setBase] = useState<'basic' | 'gross'>('basic');
  const [isEveryone, setEveryone] = useState(true);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  const [bulkMode, setBulkMode] = useState<'amount' | 'percent'>('amount');
  const [bulk, setBulk] = useState('');
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [lines, setLines] = useState<TLine[]>([{ employeeId: '', name: '', amount: '' }]);
  const [problem, setProblem] = useState<string | null>(null);

  const shown = employees.filter((e) => !search.trim() || `${e.name} ${e.number}`.toLowerCase().includes(search.trim().toLowerCase()));
  const toggle = (id: string) => setPicked((prev) => {
    const next = new Set(prev);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const setLine = (i: number, patch: Partial<TLine>) => setLines((prev) => prev.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const head = { kind, month: runMonth, ...(label.trim() ? { label: label.trim() } : {}) };
    if (kind === 'correction') {
      const filled = lines.filter((l) => l.employeeId || l.name.trim() || l.amount.trim());
      if (!filled.length || filled.some((l) => !l.employeeId || !l.name.trim() || !SIGNED.test(clean(l.amount)))) return setProblem(t('offCycle.needLines'));
      setProblem(null);
      return onSubmit({ ...head, items: filled.map((l) => ({ employeeId: l.employeeId, name: l.name.trim(), amount: clean(l.amount) })) });
    }
    if (!isEveryone && picked.size === 0) return setProblem(t('offCycle.needEmployees'));
    const bulkValue = clean(bulk);
    const hasBulk = bulkValue !== '' && (bulkMode === 'percent' ? Number(bulkValue) > 0 : AMOUNT.test(bulkValue));
    const own = isEveryone ? [] : [...picked].map((id) => ({ id, amount: clean(amounts[id] ?? '') })).filter((a) => AMOUNT.test(a.amount));
    if (kind === 'bonus' && !hasBulk && (isEveryone || own.length < picked.size)) return setProblem(t('offCycle.needBulk'));
    setProblem(null);
    onSubmit({
      ...head,
      ...(kind === 'thirteenth-month' ? { base } : {}),
      ...(hasBulk ? { bulk: bulkMode === 'percent' ? { percent: Number(bulkValue) } : { amount: bulkValue } } : {}),
      ...(isEveryone ? { selectAll: true } : { employeeIds: [...picked] }),
      ...(own.length ? { items: own.map((a) => ({ employeeId: a.id, amount: a.amount })) } : {}),
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={isPhone} aria-labelledby="off-cycle-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="off-cycle-title">{t('offCycle.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('offCycle.body')}</DialogContentText>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {problem ? <Alert severity="warning" role="alert">{problem}</Alert> : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={t('offCycle.kind')} value={kind} onChange={(e) => setKind(e.target.value as TOffCycleKind)} fullWidth slotProps={{ htmlInput: { 'data-testid': 'off-cycle-kind' } }}>
                {OFF_CYCLE_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`offCycle.kinds.${k}`)}</MenuItem>)}
              </TextField>
              <TextField label={t('common.month')} type="month" value={runMonth} onChange={(e) => e.target.value && setRunMonth(e.target.value)} fullWidth slotProps={{ inputLabel: { shrink: true } }} />
            </Stack>
            <TextField label={t('offCycle.label')} value={label} onChange={(e) => setLabel(e.target.value)} slotProps={{ htmlInput: { maxLength: 80 } }} />
            {kind === 'thirteenth-month' ? (
              <FormControl>
                <FormLabel id="off-cycle-base">{t('offCycle.base')}</FormLabel>
                <RadioGroup row aria-labelledby="off-cycle-base" value={base} onChange={(e) => setBase(e.target.value as 'basic' | 'gross')}>
                  <FormControlLabel value="basic" control={<Radio />} label={t('offCycle.bases.basic')} />
                  <FormControlLabel value="gross" control={<Radio />} label={t('offCycle.bases.gross')} />
                </RadioGroup>
                <Typography variant="body2" color="text.secondary">{t('offCycle.baseHelp')}</Typography>
              </FormControl>
            ) : null}
            {kind === 'bonus' ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <TextField select label={t('offCycle.bulk')} value={bulkMode} onChange={(e) => setBulkMode(e.target.value as 'amount' | 'percent')} sx={{ minWidth: 200 }}>
                  <MenuItem value="amount">{t('offCycle.bulkAmount')}</MenuItem>
                  <MenuItem value="percent">{t('offCycle.bulkPercent')}</MenuItem>
                </TextField>
                <TextField label={bulkMode === 'percent' ? t('offCycle.bulkPercent') : t('offCycle.bulkAmount')} value={bulk} onChange={(e) => setBulk(e.target.value)} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
              </Stack>
            ) : null}
            {kind === 'correction' ? (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>{t('offCycle.lines')}</Typography>
                <Stack spacing={1.5}>
                  {lines.map((l, i) => (
                    <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                      <TextField select label={t('offCycle.lineEmployee')} value={l.employeeId} onChange={(e) => setLine(i, { employeeId: e.target.value })} sx={{ minWidth: 170 }} size="small">
                        {employees.map((e) => <MenuItem key={e.id} value={e.id}>{e.name}</MenuItem>)}
                      </TextField>
                      <TextField label={t('offCycle.lineName')} value={l.name} onChange={(e) => setLine(i, { name: e.target.value })} size="small" fullWidth slotProps={{ htmlInput: { maxLength: 80 } }} />
                      <TextField label={t('offCycle.lineAmount')} value={l.amount} onChange={(e) => setLine(i, { amount: e.target.value })} size="small" sx={{ minWidth: 150 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
                      <IconButton aria-label={t('offCycle.removeLine', { n: i + 1 })} disabled={lines.length === 1} onClick={() => setLines((prev) => prev.filter((_, j) => j !== i))}><DeleteIcon /></IconButton>
                    </Stack>
                  ))}
                </Stack>
                <Button sx={{ mt: 1 }} onClick={() => setLines((prev) => [...prev, { employeeId: '', name: '', amount: '' }])}>{t('offCycle.addLine')}</Button>
              </Box>
            ) : (
              <Box>
                <FormControlLabel control={<Checkbox checked={isEveryone} onChange={(e) => setEveryone(e.target.checked)} />} label={t('offCycle.everyone')} />
                {!isEveryone ? (
                  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                    <Typography component="legend" variant="subtitle2">{t('offCycle.employees')}</Typography>
                    <TextField label={t('offCycle.search')} value={search} onChange={(e) => setSearch(e.target.value)} size="small" fullWidth sx={{ my: 1 }} />
                    <Stack spacing={0.5} sx={{ maxHeight: 280, overflowY: 'auto' }}>
                      {shown.map((e) => (
                        <Stack key={e.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                          <FormControlLabel sx={{ flex: 1, minWidth: 160, overflowWrap: 'anywhere' }} control={<Checkbox checked={picked.has(e.id)} onChange={() => toggle(e.id)} />} label={`${e.name} (${e.number})`} />
                          {picked.has(e.id) ? (
                            <TextField
                              size="small" sx={{ width: { xs: 1, sm: 160 } }} value={amounts[e.id] ?? ''} placeholder={t('offCycle.amountPlaceholder')}
                              onChange={(ev) => setAmounts((prev) => ({ ...prev, [e.id]: ev.target.value }))}
                              slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('offCycle.amountFor', { name: e.name }) } }}
                            />
                          ) : null}
                        </Stack>
                      ))}
                    </Stack>
                  </Box>
                ) : null}
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="off-cycle-create">{t('offCycle.create')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
