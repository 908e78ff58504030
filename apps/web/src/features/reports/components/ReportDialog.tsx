import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { MSG, type TAiReportRecord } from '@bizdesk/contract';
import { displayError, translateMessage } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { REPORTS_KEY, useReports } from '../api.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Prints the report alone (not the page behind the dialog), from a hidden frame. */
export const printReport = (title: string, text: string) => {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(`<!doctype html><html><head><title>${escapeHtml(title)}</title></head><body style="font:14px/1.5 system-ui,sans-serif;margin:32px"><pre style="white-space:pre-wrap;font:inherit">${escapeHtml(text)}</pre></body></html>`);
  doc.close();
  frame.contentWindow?.focus();
  frame.contentWindow?.print();
  setTimeout(() => frame.remove(), 1000);
};

type TProps = { open: boolean; title: string; tagName?: string; write: () => Promise<TAiReportRecord>; onClose: () => void };

/** Asks for a report when opened, shows the spec's placeholder until it arrives, then the text (printable) and earlier ones. */
export const ReportDialog = ({ open, title, tagName, write, onClose }: TProps) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const earlier = useReports(user.ownerEmail, tagName);
  const [report, setReport] = useState<TAiReportRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setReport(null);
    setError(null);
    setBusy(true);
    write().then(
      (r) => { if (live) setReport(r); void queryClient.invalidateQueries({ queryKey: REPORTS_KEY }); },
      (err: unknown) => { if (live) setError(displayError(t, err)); },
    ).finally(() => { if (live) setBusy(false); });
    return () => { live = false; };
    // One report per opening: `write` is a new function on every render.
  }, [open]);

  const others = (earlier.data ?? []).filter((r) => r._id !== report?._id).slice(0, 10);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="report-title">
      <DialogTitle id="report-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {busy ? (
            <Box>
              <Typography data-testid="report-placeholder" sx={{ mb: 1 }}>{translateMessage(t, MSG.analysing)}</Typography>
              <LinearProgress aria-label={translateMessage(t, MSG.analysing)} />
            </Box>
          ) : null}
          {error ? <Alert severity="error">{t('report.failed')} {error}</Alert> : null}
          {report ? (
            <>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                <Chip size="small" label={report.provider === 'model' ? report.model ?? 'AI' : t('report.title')} />
                <Chip size="small" variant="outlined" label={formatDateTime(report.createdAt, i18n.language)} />
              </Stack>
              <Typography component="pre" data-testid="report-text" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, p: 2, bgcolor: 'grey.50', borderRadius: 1 }}>
                {report.report}
              </Typography>
            </>
          ) : null}
          {others.length ? (
            <Box>
              <Typography variant="subtitle2" component="h3">{t('report.history')}</Typography>
              <List dense>
                {others.map((r) => (
                  <ListItemButton key={r._id} onClick={() => setReport(r)}>
                    <ListItemText primary={r.report.split('\n')[0]} secondary={`${formatDateTime(r.createdAt, i18n.language)} · ${r.createdBy}`} />
                  </ListItemButton>
                ))}
              </List>
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">{t('importDialog.close')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} disabled={!report} onClick={() => report && printReport(title, report.report)}>{t('report.print')}</Button>
      </DialogActions>
    </Dialog>
  );
};
