import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import PrintIcon from '@mui/icons-material/Print';
import { MSG, type TAppraisalReport, type TUser } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { currentLanguage, translateMessage } from '../../../shared/i18n/index.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { fetchReport, useReports, useWriteReport } from '../api.ts';
import { appraisalError } from '../messages.ts';

/** The written report of a unit: 'wait while we analyse your data...' until it arrives, then the text with print. */
export const ReportPanel = ({ user, units }: { user: TUser; units: { _id: string; name: string }[] }) => {
  const { t, i18n } = useTranslation(['appraisal', 'core']);
  const [unit, setUnit] = useState(units[0]?._id ?? '');
  const [report, setReport] = useState<TAppraisalReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const write = useWriteReport(user);
  const earlier = useReports();

  const onWrite = async () => {
    setError(null);
    setReport(null);
    try {
      setReport(await write.mutateAsync({ unit, language: currentLanguage() }));
    } catch (err) {
      setError(appraisalError(t, err));
    }
  };
  const onOpen = async (id: string) => {
    setError(null);
    try {
      setReport(await fetchReport(id));
    } catch (err) {
      setError(appraisalError(t, err));
    }
  };

  return (
    <PanelCard title={t('report.title')} subtitle={t('report.subtitle')}>
      <Stack spacing={2} sx={{ px: 3, pb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, '@media print': { display: 'none' } }}>
          <TextField select label={t('report.unit')} value={unit} onChange={(e) => setUnit(e.target.value)} sx={{ minWidth: 220 }} slotProps={{ htmlInput: { 'data-testid': 'report-unit' } }}>
            {units.map((u) => (
              <MenuItem key={u._id} value={u._id}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" startIcon={<AutoAwesomeIcon />} onClick={onWrite} disabled={!unit || write.isPending} data-testid="write-report">
            {t('report.generate')}
          </Button>
          {report ? (
            <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
              {t('report.print')}
            </Button>
          ) : null}
        </Stack>
        {write.isPending ? (
          <Box role="status" data-testid="report-analysing">
            <Typography sx={{ mb: 1 }}>{translateMessage(t, MSG.analysing)}</Typography>
            <LinearProgress />
          </Box>
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        {report ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="report-text" className="print-area">
            <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Chip size="small" label={report.provider === 'model' ? t('report.provider.model', { model: report.model }) : t('report.provider.builtin')} />
              <Chip size="small" variant="outlined" label={t('report.written', { date: formatDateTime(report.createdAt, i18n.language) })} />
            </Stack>
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', lineHeight: 1.7 }}>
              {report.text}
            </Typography>
          </Paper>
        ) : null}
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('report.earlier')}
          </Typography>
          {earlier.data?.length ? (
            <List dense component="div">
              {earlier.data.map((r) => (
                <ListItemButton key={r._id} onClick={() => onOpen(r._id)}>
                  <ListItemText primary={`${r.unit} · ${formatDateTime(r.createdAt, i18n.language)}`} secondary={r.excerpt.split('\n')[0]} />
                </ListItemButton>
              ))}
            </List>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('report.noEarlier')}
            </Typography>
          )}
        </Box>
      </Stack>
    </PanelCard>
  );
};
