import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

type TProps = {
  open: boolean;
  title: string;
  description?: string;
  submitLabel: string;
  busy: boolean;
  error?: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
};

/** A dialog holding one form: fields, the server's message on failure, cancel and submit. */
export const FormDialog = ({ open, title, description, submitLabel, busy, error, onSubmit, onClose, children, maxWidth = 'sm' }: TProps) => {
  const { t } = useTranslation();
  const titleId = `dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // The submit button is disabled while it works, so a refusal would leave the focus on the page behind (Escape and
  // Tab then reach nothing): the message takes it, unless the person has already moved on to a field.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const alert = errorRef.current;
    if (!error || !alert) return;
    const dialog = alert.closest('[role="dialog"]');
    if (!dialog?.contains(document.activeElement)) alert.focus();
  }, [error]);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {description ? <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText> : null}
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {error ? <Alert severity="error" ref={errorRef} tabIndex={-1}>{error}</Alert> : null}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
