import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TRecurringItem } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { thisMonth } from '../../payroll/api.ts';
import { useDeleteRecurringItem, useEndRecurringItem } from '../api.ts';

/** Recurring items with what each is, its months and its flags; `editable` adds "End" (a last month) and "Delete" (asked first). */
export const RecurringItemsList = ({ items, editable = true, empty }: { items: TRecurringItem[]; editable?: boolean; empty: string }) => {
  const { t, i18n } = useTranslation('structures');
  const user = useCurrentUser();
  const end = useEndRecurringItem();
  const remove = useDeleteRecurringItem();
  const [ending, setEnding] = useState<TRecurringItem | null>(null);
  const [toMonth, setToMonth] = useState(thisMonth());
  const [deleting, setDeleting] = useState<TRecurringItem | null>(null);
  if (items.length === 0) return <Typography variant="body2" color="text.secondary">{empty}</Typography>;
  const value = (i: TRecurringItem) => (i.amountMinor !== null ? formatMinor(i.amountMinor, user.currency, i18n.language) : t('items.percentOf', { percent: i.percent, base: t(`bases.${i.base}`) }));
  const flags = (i: TRecurringItem) => [
    i.kind === 'earning' ? (i.isTaxable ? t('items.taxable') : t('items.notTaxable')) : i.isPreTax ? t('items.preTax') : t('items.afterTax'),
    ...(i.isPensionable ? [t('items.pensionable')] : []),
  ].join(' · ');
  return (
    <>
      <List dense disablePadding data-testid="recurring-items">
        {items.map((i) => (
          <ListItem key={i._id} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={`${i.name}: ${i.kind === 'deduction' ? '− ' : ''}${value(i)}`}
              secondary={`${t(`items.kinds.${i.kind}`)} · ${i.toMonth ? t('items.months', { from: i.fromMonth, to: i.toMonth }) : t('items.from', { from: i.fromMonth })} · ${flags(i)}`}
              sx={{ minWidth: 0, flex: '1 1 220px', overflowWrap: 'anywhere' }}
            />
            {editable ? (
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => { end.reset(); setToMonth(thisMonth()); setEnding(i); }} aria-label={t('items.endLabel', { name: i.name })}>{t('items.end')}</Button>
                <Button size="small" color="error" onClick={() => setDeleting(i)} aria-label={t('items.deleteLabel', { name: i.name })}>{t('items.delete')}</Button>
              </Stack>
            ) : null}
          </ListItem>
        ))}
      </List>
      <FormDialog open={ending !== null} title={t('items.endTitle', { name: ending?.name ?? '' })} description={t('items.endHelp')} submitLabel={t('items.end')}
        busy={end.isPending} error={end.error ? displayError(t, end.error) : null} maxWidth="xs"
        onSubmit={(e) => { e.preventDefault(); if (ending) end.mutate({ id: ending._id, toMonth }, { onSuccess: () => setEnding(null) }); }} onClose={() => setEnding(null)}>
        <TextField type="month" label={t('items.toMonth')} value={toMonth} onChange={(e) => setToMonth(e.target.value)} required slotProps={{ inputLabel: { shrink: true } }} />
      </FormDialog>
      <ConfirmDialog open={deleting !== null} title={t('items.deleteTitle', { name: deleting?.name ?? '' })} body={t('items.deleteBody')} confirmLabel={t('items.delete')} destructive
        busy={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })} onClose={() => setDeleting(null)} />
    </>
  );
};
