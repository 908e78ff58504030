import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { DOCUMENT_MAX_BYTES, INVOICE_DOCUMENT_TYPES, isInvoiceFullyPaid, type TInvoice } from '@bizdesk/contract';
import { FilePickButton } from '../../../shared/ui/FilePickButton.tsx';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { downloadInvoiceDocument, useAttachInvoiceDocument } from '../api.ts';

/** The vendor's own invoice document (issue 35): attached on the web, seen by the payment approver. */
const ACCEPT = [...INVOICE_DOCUMENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png'].join(',');
const EXTENSIONS = /\.(pdf|jpe?g|png)$/i;

/**
 * A first look in the browser, so a wrong file is named before anything is sent; the server judges the bytes and has
 * the last word (415/413).
 */
export const invoiceDocumentProblem = (file: File): 'wrongType' | 'tooLarge' | null => {
  const isKnownType = (INVOICE_DOCUMENT_TYPES as readonly string[]).includes(file.type) || (!file.type && EXTENSIONS.test(file.name));
  if (!isKnownType) return 'wrongType';
  return file.size > DOCUMENT_MAX_BYTES ? 'tooLarge' : null;
};

/** A document may be attached, or replaced until the invoice is paid in full (the rule the server applies). */
export const canChangeDocument = (i: TInvoice) => !i.document || !isInvoiceFullyPaid(i);

/** The file field of the invoice dialogs: a button that picks a file, its name with a remove button, and the rules. */
export const InvoiceDocumentField = ({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) => {
  const { t } = useTranslation('match');
  const [problem, setProblem] = useState<'wrongType' | 'tooLarge' | null>(null);
  useEffect(() => { if (!file) setProblem(null); }, [file]);
  const onPick = (picked: File | null) => {
    const found = picked ? invoiceDocumentProblem(picked) : null;
    setProblem(found);
    onChange(found ? null : picked);
  };
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FilePickButton variant="outlined" size="small" startIcon={<UploadFileIcon />} accept={ACCEPT} inputLabel={t('document.label')} onPick={onPick}>
          {t('document.choose')}
        </FilePickButton>
        {file ? (
          <>
            <Typography variant="body2" data-testid="invoice-document-name" sx={{ overflowWrap: 'anywhere' }}>{file.name}</Typography>
            <IconButton size="small" aria-label={t('document.remove')} onClick={() => onPick(null)}><CloseIcon fontSize="small" /></IconButton>
          </>
        ) : null}
      </Stack>
      <Typography variant="caption" color={problem ? 'error' : 'text.secondary'} role={problem ? 'alert' : undefined}>
        {problem ? t(`document.${problem}`) : t('document.help')}
      </Typography>
    </Stack>
  );
};

/** "Vendor's document" (downloads it) or "No document attached": on the match summary the payment approver reads. */
export const VendorDocumentLink = ({ invoice }: { invoice: Pick<TInvoice, '_id' | 'document'> }) => {
  const { t } = useTranslation('match');
  const [failed, setFailed] = useState(false);
  if (!invoice.document) return <Typography variant="body2" color="text.secondary" data-testid="no-vendor-document">{t('document.none')}</Typography>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} aria-label={t('document.openNamed', { name: invoice.document.name })}
        onClick={() => { setFailed(false); downloadInvoiceDocument(invoice).catch(() => setFailed(true)); }}>
        {t('document.open')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{invoice.document.name}</Typography>
      {failed ? <Typography role="alert" variant="caption" color="error">{t('document.failed')}</Typography> : null}
    </Stack>
  );
};

/** The paperclip of an invoice row: downloads the vendor's document. */
export const DocumentClip = ({ invoice }: { invoice: TInvoice }) => {
  const { t } = useTranslation('match');
  if (!invoice.document) return null;
  const label = t('document.openNamed', { name: invoice.document.name });
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => void downloadInvoiceDocument(invoice).catch(() => undefined)}><AttachFileIcon fontSize="small" /></IconButton>
    </Tooltip>
  );
};

/** Attach a document to an invoice recorded without one, or replace it until the invoice is paid. */
export const AttachDocumentDialog = ({ invoice, onClose }: { invoice: TInvoice | null; onClose: () => void }) => {
  const { t } = useTranslation('match');
  const { t: tApp } = useTranslation('app');
  const attach = useAttachInvoiceDocument();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { setFile(null); setError(null); }, [invoice]);
  const isReplace = !!invoice?.document;
  return (
    <FormDialog
      open={!!invoice} title={t(isReplace ? 'document.replaceTitle' : 'document.attachTitle', { invoice: invoice?.invoiceNumber ?? '' })}
      description={isReplace ? t('document.replaceHelp', { name: invoice?.document?.name ?? '' }) : undefined}
      submitLabel={t(isReplace ? 'document.replace' : 'document.attach')} busy={attach.isPending} error={error} onClose={onClose}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!file) return setError(`${t('document.label')}: ${t('document.required')}`);
        try {
          await attach.mutateAsync({ invoiceId: invoice!._id, file });
          onClose();
        } catch (err) {
          setError(displayError(tApp, err));
        }
      }}
    >
      <InvoiceDocumentField file={file} onChange={setFile} />
    </FormDialog>
  );
};
