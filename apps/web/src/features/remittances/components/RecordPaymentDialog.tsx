import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { DOCUMENT_MAX_BYTES, ZRecordRemittance, type TRemittanceItem } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { MoneyField } from '../../../shared/ui/MoneyField.tsx';
import { useDialogForm } from '../../../shared/ui/useDialogForm.ts';
import { businessToday, formatDate } from '../../../shared/format/dates.ts';
import { formatMinor } from '../../../shared/format/money.ts';
import { minorToMajorText, useRecordPayment } from '../api.ts';
import { FilePickButton } from '../../../shared/ui/FilePickButton.tsx';

const ZForm = ZRecordRemittance.pick({ amount: true, reference: true, paidOn: true, note: true });
type TFormIn = z.input<typeof ZForm>;

type TProps = { item: TRemittanceItem | null; currency: string; onClose: () => void };

/**
 * Records a payment against one remittance: the amount starts at what is outstanding, the date at today; the receipt
 * (a scan or PDF) is optional and checked by the server as documents are (type from its bytes, at most 10 MB).
 */
export const RecordPaymentDialog = ({ item, currency, onClose }: TProps) => {
  const { t, i18n } = useTranslation('remittances');
  const record = useRecordPayment();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const open = item !== null;
  useEffect(() => {
    if (!open) return;
    setReceipt(null);
    setReceiptError(null);
  }, [open]);
  const { form, formError, onSubmit, fieldProps } = useDialogForm<TFormIn, z.output<typeof ZForm>>({
    schema: ZForm,
    open,
    defaults: () => ({ amount: item ? minorToMajorText(item.outstandingMinor) : '', reference: '', paidOn: businessToday(), note: '' }),
    submit: (values) => record.mutateAsync({ kind: item!.kind, payee: item!.payee, period: item!.period, ...values, receipt }),
    onDone: onClose,
  });
  const money = (minor: number) => formatMinor(minor, currency, i18n.language);
  const authority = item ? t(`kinds.${item.kind}`) : '';
  const onFile = (file: File | null) => {
    setReceiptError(file && file.size > DOCUMENT_MAX_BYTES ? t('receiptTooLarge') : null);
    setReceipt(file && file.size <= DOCUMENT_MAX_BYTES ? file : null);
  };
  return (
    <FormDialog
      open={open}
      title={t('recordTitle', { authority })}
      description={item ? t('recordDescription', { payee: item.payee, period: item.period, outstanding: money(item.outstandingMinor), dueDate: formatDate(item.dueDate, i18n.language) }).trim() : undefined}
      submitLabel={t('record')}
      busy={record.isPending}
      error={formError}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Controller
        control={form.control}
        name="amount"
        render={({ field }) => (
          <MoneyField label={t('fields.amount')} name={field.name} ref={field.ref} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} currency={currency} required {...fieldProps('amount')} />
        )}
      />
      <TextField label={t('fields.reference')} required fullWidth {...form.register('reference')} {...fieldProps('reference')} slotProps={{ htmlInput: { maxLength: 120 } }} />
      <TextField label={t('fields.paidOn')} type="date" required fullWidth {...form.register('paidOn')} {...fieldProps('paidOn')} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: businessToday() } }} />
      <TextField label={t('fields.note')} fullWidth multiline minRows={2} {...form.register('note')} {...fieldProps('note')} slotProps={{ htmlInput: { maxLength: 1000 } }} />
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FilePickButton variant="outlined" size="small" accept="application/pdf,image/*,.doc,.docx,.xls,.xlsx,.odt,.ods" inputLabel={t('fields.receipt')} onPick={onFile}>
            {t('attach')}
          </FilePickButton>
          {receipt ? (
            <>
              <Typography variant="body2" data-testid="receipt-name">{receipt.name}</Typography>
              <IconButton size="small" aria-label={t('removeReceipt')} onClick={() => onFile(null)}><CloseIcon fontSize="small" /></IconButton>
            </>
          ) : null}
        </Stack>
        <Typography variant="caption" color={receiptError ? 'error' : 'text.secondary'} role={receiptError ? 'alert' : undefined}>{receiptError ?? t('receiptHelp')}</Typography>
      </Stack>
    </FormDialog>
  );
};
