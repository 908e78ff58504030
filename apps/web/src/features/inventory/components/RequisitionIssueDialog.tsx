import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TInventoryItem, TRequisition } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { PlacePicker } from '../../../shared/places/PlacePicker.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useIssueRequisition } from '../transfersApi.ts';

const QUANTITY = /^\d+(\.\d{1,3})?$/;

/**
 * Approves (when pending) and issues a requisition from a chosen store: what is issued travels to the requisition's
 * site on a transfer, the rest can become purchase requests for the buyers.
 */
export const RequisitionIssueDialog = ({ requisition, items, onClose }: { requisition: TRequisition | null; items: TInventoryItem[]; onClose: () => void }) => {
  const { t } = useTranslation('inventory');
  const issue = useIssueRequisition();
  const [store, setStore] = useState<{ id: string; name: string } | null>(null);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [requestPurchase, setRequestPurchase] = useState(true);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setStore(null);
    setQuantities({});
    setRequestPurchase(true);
    setError(null);
  }, [requisition]);
  const heldAt = (stockItemId: string | null) => (store && stockItemId ? items.find((i) => i.tagName === store.name && i.stockItemId === stockItemId)?.quantity ?? 0 : 0);
  const chooseStore = (next: { id: string; name: string } | null) => {
    setStore(next);
    if (!requisition || !next) return;
    // Prefill what the store can give of each line.
    setQuantities(Object.fromEntries(requisition.items.map((l) => {
      const held = l.stockItemId ? items.find((i) => i.tagName === next.name && i.stockItemId === l.stockItemId)?.quantity ?? 0 : 0;
      return [l.lineId, String(Math.min(held, l.quantity))];
    })));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!requisition) return;
    if (!store) return setError(`${t('issue.store')}: ${t('transfers.required')}`);
    const bad = requisition.items.find((l) => !QUANTITY.test((quantities[l.lineId] ?? '0').trim()) || Number(quantities[l.lineId] ?? 0) > l.quantity);
    if (bad) return setError(`${bad.itemName}: ${t('issue.quantityInvalid', { max: bad.quantity })}`);
    issue.mutate({
      id: requisition._id, storeId: store.id, requestPurchase,
      lines: requisition.items.map((l) => ({ lineId: l.lineId, quantity: Number(quantities[l.lineId] ?? 0) })),
    }, { onSuccess: onClose, onError: (err) => setError(displayError(t, err)) });
  };
  return (
    <FormDialog open={!!requisition} title={t('issue.title', { number: requisition?.number ?? '' })} description={t('issue.description', { place: requisition?.tagName ?? '' })}
      submitLabel={t('issue.submit')} busy={issue.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <PlacePicker label={t('issue.store')} kinds={['store']} value={store?.id ?? null} required onChange={(p) => chooseStore(p ? { id: p._id, name: p.name } : null)} />
      {requisition?.items.map((l) => (
        <Stack key={l.lineId} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ flex: 2, minWidth: 0 }}>
            {l.itemName}
            <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {t('issue.asked', { quantity: l.quantity, unit: l.unit })}{store ? ` · ${t('issue.held', { quantity: heldAt(l.stockItemId), unit: l.unit })}` : ''}
            </Typography>
          </Typography>
          <TextField label={t('issue.quantity')} value={quantities[l.lineId] ?? ''} onChange={(e) => setQuantities((q) => ({ ...q, [l.lineId]: e.target.value }))}
            disabled={!store} sx={{ flex: 1, minWidth: 0 }} slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('issue.quantityOf', { name: l.itemName }) } }} />
        </Stack>
      ))}
      <FormControlLabel control={<Checkbox checked={requestPurchase} onChange={(e) => setRequestPurchase(e.target.checked)} />} label={t('issue.requestPurchase')} />
    </FormDialog>
  );
};
