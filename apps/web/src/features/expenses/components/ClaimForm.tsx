import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { EXPENSE_CATEGORIES, type TExpenseCategory, type TExpenseClaim, type TExpenseClaimInput, type TExpenseOptions } from '@bizdesk/contract';
import { MoneyField } from '../../../shared/ui/MoneyField.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { businessToday } from '../../../shared/format/dates.ts';
import { formatMinor, majorTextToMinor } from '../../../shared/format/money.ts';
import { displayLocale } from '../../../shared/format/dates.ts';
import { uploadReceipt, useSaveClaim, useSubmitClaim, type TExpenseScope } from '../api.ts';

type TLineState = {
  key: number;
  category: TExpenseCategory;
  date: string;
  /** Major-unit text as the MoneyField gives it ("1500.50"). */
  amount: string;
  vendor: string;
  description: string;
  projectTag: string;
  receipt: { _id: string; name: string } | null;
  reading: 'idle' | 'reading' | 'filled' | 'unread';
};
type TErrors = Record<string, string>;

let nextKey = 1;
const emptyLine = (): TLineState => ({ key: nextKey++, category: 'travel', date: businessToday(), amount: '', vendor: '', description: '', projectTag: '', receipt: null, reading: 'idle' });
const minorText = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const fromClaim = (claim: TExpenseClaim): TLineState[] => claim.lines.map((l) => ({
  key: nextKey++, category: l.category, date: l.date, amount: minorText(l.amountMinor), vendor: l.vendor ?? '', description: l.description,
  projectTag: l.projectTag ?? '', receipt: l.receipt ? { _id: l.receipt._id, name: l.receipt.name } : null, reading: 'idle',
}));

/**
 * The claim form (issue 33): a title and lines by category, each with its receipt (a photo taken with the phone's
 * camera or a PDF), which the receipt OCR reads to pre-fill amount, date and vendor. Saved as a draft or sent for
 * approval; the rules the server applies (amount above 0, no future date, a receipt above the threshold) are checked
 * here first, each message naming its field.
 */
export const ClaimForm = ({ scope, options, claim, open, onClose }: {
  scope: TExpenseScope; options: TExpenseOptions; claim?: TExpenseClaim | null; open: boolean; onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('expenses');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const save = useSaveClaim(scope);
  const submit = useSubmitClaim(scope);
  const [title, setTitle] = useState(claim?.title ?? '');
  const [lines, setLines] = useState<TLineState[]>(() => (claim ? fromClaim(claim) : [emptyLine()]));
  const [errors, setErrors] = useState<TErrors>({});
  const [error, setError] = useState<string | null>(null);
  const locale = displayLocale(i18n.language);
  const limit = formatMinor(options.receiptRequiredAboveMinor, options.currency, locale);
  const busy = save.isPending || submit.isPending;

  const patch = (key: number, change: Partial<TLineState>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const attach = async (key: number, file: File | undefined) => {
    if (!file) return;
    setError(null);
    patch(key, { reading: 'reading' });
    try {
      const { receipt, proposal } = await uploadReceipt(scope, file);
      const read = proposal && (proposal.totalMinor || proposal.date || proposal.vendor);
      setLines((all) => all.map((l) => (l.key !== key ? l : {
        ...l, receipt: { _id: receipt._id, name: receipt.name }, reading: read ? 'filled' : 'unread',
        ...(proposal?.totalMinor ? { amount: minorText(proposal.totalMinor) } : {}),
        ...(proposal?.date && proposal.date <= businessToday() ? { date: proposal.date } : {}),
        ...(proposal?.vendor ? { vendor: proposal.vendor.slice(0, 120) } : {}),
      })));
    } catch (e) {
      patch(key, { reading: 'idle' });
      setError(displayError(t, e));
    }
  };

  const validate = (): TErrors => {
    const found: TErrors = {};
    const today = businessToday();
    if (!title.trim()) found.title = t('validation.titleRequired', { field: t('fields.title') });
    lines.forEach((l, i) => {
      const minor = l.amount ? majorTextToMinor(l.amount) : 0;
      if (!(minor > 0)) found[`${i}.amount`] = t('validation.amountPositive', { field: t('fields.amount') });
      if (!l.date) found[`${i}.date`] = t('validation.dateRequired', { field: t('fields.date') });
      else if (l.date > today) found[`${i}.date`] = t('validation.dateFuture', { field: t('fields.date') });
      if (minor > options.receiptRequiredAboveMinor && !l.receipt) found[`${i}.receipt`] = t('validation.receiptRequired', { field: t('fields.receipt'), limit });
    });
    return found;
  };

  const input = (): TExpenseClaimInput => ({
    title: title.trim(),
    lines: lines.map((l) => ({
      category: l.category, date: l.date, amountMinor: majorTextToMinor(l.amount), description: l.description.trim(),
      vendor: l.vendor.trim() || null, projectTag: l.projectTag || null, receiptId: l.receipt?._id ?? null,
    })),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>, andSend: boolean) => {
    event.preventDefault();
    setError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = (await save.mutateAsync({ claimId: claim?._id, input: input() })).data;
      if (andSend) await submit.mutateAsync(saved._id);
      onClose();
    } catch (e) {
      setError(displayError(t, e));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullScreen={isPhone} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e, true)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{claim ? t('editClaim', { number: claim.number }) : t('newClaim')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {claim?.status === 'rejected' && claim.decisionReason ? (
              <Alert severity="warning">{t('reasonFromApprover', { by: claim.decidedBy ?? '', reason: claim.decisionReason })}</Alert>
            ) : null}
            <TextField label={t('fields.title')} value={title} onChange={(e) => setTitle(e.target.value)} required
              error={Boolean(errors.title)} helperText={errors.title} slotProps={{ htmlInput: { maxLength: 120 } }} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('receiptHint', { limit })}</Typography>
            {lines.map((l, i) => (
              <ClaimLine key={l.key} n={i + 1} line={l} errors={errors} index={i} options={options} canRemove={lines.length > 1}
                onChange={(change) => patch(l.key, change)} onRemove={() => setLines((all) => all.filter((x) => x.key !== l.key))}
                onFile={(file) => void attach(l.key, file)} />
            ))}
            <Box>
              <Button onClick={() => setLines((all) => [...all, emptyLine()])}>{t('addLine')}</Button>
            </Box>
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={busy}>{t('cancel')}</Button>
          <Button variant="outlined" disabled={busy} onClick={(e) => void onSubmit(e as unknown as FormEvent<HTMLFormElement>, false)}>{t('saveDraft')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{busy ? <CircularProgress size={20} aria-hidden="true" /> : null}{t('submit')}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

const ClaimLine = ({ n, index, line, errors, options, canRemove, onChange, onRemove, onFile }: {
  n: number; index: number; line: TLineState; errors: TErrors; options: TExpenseOptions; canRemove: boolean;
  onChange: (change: Partial<TLineState>) => void; onRemove: () => void; onFile: (file: File | undefined) => void;
}) => {
  const { t } = useTranslation('expenses');
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const err = (field: string) => errors[`${index}.${field}`];
  return (
    <Card variant="outlined" component="fieldset" sx={{ m: 0, p: 0 }} aria-label={t('line', { n })}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle1" component="legend">{t('line', { n })}</Typography>
            {canRemove ? <IconButton aria-label={t('removeLine', { n })} onClick={onRemove}><DeleteIcon /></IconButton> : null}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => camera.current?.click()}>{t('takePhoto')}</Button>
            <Button variant="text" startIcon={<AttachFileIcon />} onClick={() => picker.current?.click()}>{t('chooseFile')}</Button>
            <input ref={camera} type="file" accept="image/*" capture="environment" hidden data-testid={`camera-${n}`} onChange={(e) => onFile(e.target.files?.[0])} />
            <input ref={picker} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" hidden data-testid={`file-${n}`} onChange={(e) => onFile(e.target.files?.[0])} />
          </Stack>
          {line.reading === 'reading' ? <Typography role="status" variant="body2">{t('reading')}</Typography> : null}
          {line.reading === 'filled' ? <Alert severity="info">{t('readFilled')}</Alert> : null}
          {line.reading === 'unread' ? <Alert severity="warning">{t('readNothing')}</Alert> : null}
          {line.receipt ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{t('receiptAttached', { name: line.receipt.name })}</Typography>
              <Button size="small" onClick={() => onChange({ receipt: null, reading: 'idle' })}>{t('removeReceipt')}</Button>
            </Stack>
          ) : null}
          {err('receipt') ? <Typography variant="body2" color="error" role="alert">{err('receipt')}</Typography> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label={t('fields.category')} value={line.category} onChange={(e) => onChange({ category: e.target.value as TExpenseCategory })} sx={{ minWidth: 160 }}>
              {EXPENSE_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{t(`categories.${c}`)}</MenuItem>)}
            </TextField>
            <TextField type="date" label={t('fields.date')} value={line.date} onChange={(e) => onChange({ date: e.target.value })} required
              error={Boolean(err('date'))} helperText={err('date')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: businessToday() } }} />
            <MoneyField label={t('fields.amount')} name={`amount-${n}`} value={line.amount} onChange={(v) => onChange({ amount: v })} currency={options.currency}
              required error={Boolean(err('amount'))} helperText={err('amount')} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('fields.vendor')} value={line.vendor} onChange={(e) => onChange({ vendor: e.target.value })} slotProps={{ htmlInput: { maxLength: 120 } }} fullWidth />
            <TextField select label={t('fields.project')} value={line.projectTag} onChange={(e) => onChange({ projectTag: e.target.value })} sx={{ minWidth: 200 }}>
              <MenuItem value="">{t('fields.noProject')}</MenuItem>
              {options.projects.map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>)}
            </TextField>
          </Stack>
          <TextField label={t('fields.description')} value={line.description} onChange={(e) => onChange({ description: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Stack>
      </CardContent>
    </Card>
  );
};
