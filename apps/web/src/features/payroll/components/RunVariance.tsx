import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CompareIcon from '@mui/icons-material/CompareArrowsOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TVarianceEmployee, TVarianceLine } from '@bizdesk/contract';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { Money } from '../../../shared/ui/Money.tsx';
import { moneyColumn } from '../../../shared/ui/moneyColumn.tsx';
import { useVariance } from '../registerApi.ts';

/** A figure's name in the reader's language; a recurring item or other period line keeps its own name. */
const lineLabel = (t: TFunction, line: Pick<TVarianceLine, 'key' | 'label'>) => (/^[a-zA-Z]+$/.test(line.key) ? t(`variance.lines.${line.key}`, { defaultValue: line.label }) : line.label);

/** A change with its sign: "+₦100,000.00", "-₦80,000.00". */
const Change = ({ minor, currency }: { minor: number; currency: string | null }) => (
  <span data-change={minor}>{minor > 0 ? '+' : ''}<Money minor={minor} currency={currency} /></span>
);

/**
 * The month-on-month variance of a run: totals per figure against the latest earlier run (saying which month and
 * whether it was approved), and each employee whose pay changed, with the reasons (joined, left, revision,
 * proration, one-off, recurring item …) and the figures that moved; a page at a time from the server, cards on a phone.
 */
export const RunVariance = ({ runId, month, stamp }: { runId: string; month: string; stamp?: string | null }) => {
  const { t, i18n } = useTranslation('pay');
  const language = i18n.language;
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const [pagedRun, setPagedRun] = useState(runId);
  // Another run starts at its first page.
  if (pagedRun !== runId) {
    setPagedRun(runId);
    setPaging((p) => ({ ...p, page: 0 }));
  }
  const variance = useVariance(runId, paging.page + 1, paging.pageSize, stamp);
  const v = variance.data;
  const currency = v?.currency ?? null;

  const totalColumns = useMemo<GridColDef<TVarianceLine>[]>(() => {
    const amount = (field: keyof TVarianceLine, header: string) => moneyColumn<TVarianceLine>(field, header, { currency, language, sortable: false });
    return [
      { field: 'label', headerName: t('variance.columns.line'), flex: 1.4, minWidth: 180, sortable: false, valueGetter: (_v, row) => lineLabel(t, row) },
      amount('previousMinor', t('variance.columns.previous')),
      amount('currentMinor', t('variance.columns.current')),
      { ...amount('changeMinor', t('variance.columns.change')), renderCell: ({ row }) => <Change minor={row.changeMinor} currency={currency} /> },
    ];
  }, [t, currency, language]);

  const employeeColumns = useMemo<GridColDef<TVarianceEmployee>[]>(() => {
    const change = (field: 'grossPay' | 'net', header: string): GridColDef<TVarianceEmployee> => ({
      ...moneyColumn<TVarianceEmployee>(field, header, { currency, language, sortable: false }),
      valueGetter: (_v, row) => row[field].changeMinor,
      renderCell: ({ row }) => <Change minor={row[field].changeMinor} currency={currency} />,
    });
    return [
      { field: 'name', headerName: t('common.employee'), flex: 1.3, minWidth: 170, sortable: false },
      { field: 'employeeNumber', headerName: t('common.number'), minWidth: 100, sortable: false },
      {
        field: 'reasons', headerName: t('variance.columns.reasons'), flex: 1.2, minWidth: 170, sortable: false,
        valueGetter: (_v, row) => row.reasons.map((r) => t(`variance.reasons.${r}`)).join(', '),
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', height: 1 }}>
            {row.reasons.map((r) => <Chip key={r} size="small" label={t(`variance.reasons.${r}`)} color={r === 'new-joiner' ? 'success' : r === 'leaver' ? 'warning' : 'default'} />)}
          </Stack>
        ),
      },
      change('grossPay', t('variance.columns.grossPay')),
      change('net', t('variance.columns.net')),
      {
        field: 'lines', headerName: t('variance.columns.changes'), flex: 2, minWidth: 260, sortable: false,
        valueGetter: (_v, row) => row.lines.filter((l) => l.reason !== null && row.presence === 'both').map((l) => lineLabel(t, l)).join(', '),
        renderCell: ({ row }) => {
          const inputs = row.presence === 'both' ? row.lines.filter((l) => l.reason !== null) : [];
          if (inputs.length === 0) return <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>{t(row.presence === 'both' ? 'variance.followsOnly' : `variance.presence.${row.presence}`)}</Typography>;
          return (
            <Box component="ul" sx={{ m: 0, pl: 2, py: 0.5 }}>
              {inputs.map((l) => (
                <li key={l.key}>
                  <Typography variant="body2" component="span">
                    {lineLabel(t, l)}: <Money minor={l.previousMinor} currency={currency} /> → <Money minor={l.currentMinor} currency={currency} />
                  </Typography>
                </li>
              ))}
            </Box>
          );
        },
      },
    ];
  }, [t, currency, language]);

  if (!v) return null;
  const shownTotals = v.totals.filter((l) => l.previousMinor !== 0 || l.currentMinor !== 0);
  const c = v.counts;
  return (
    <Box component="section" aria-labelledby="run-variance-title" sx={{ mt: 3 }} data-testid="run-variance">
      <Typography id="run-variance-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{t('variance.title')}</Typography>
      {!v.previous ? (
        <EmptyState compact headingLevel="h3" Icon={CompareIcon} title={t('variance.noPreviousTitle', { month })} body={t('variance.noPreviousBody')} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="run-variance-against">
            {t('variance.against', { month: v.previous.month, status: t(`salary.status.${v.previous.status}`, { defaultValue: v.previous.status }) })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="run-variance-counts">
            <Chip size="small" color="success" variant="outlined" label={t('variance.counts.joiners', { count: c.joiners })} />
            <Chip size="small" color="warning" variant="outlined" label={t('variance.counts.leavers', { count: c.leavers })} />
            <Chip size="small" variant="outlined" label={t('variance.counts.changed', { count: c.changed })} />
            <Chip size="small" variant="outlined" label={t('variance.counts.unchanged', { count: c.unchanged })} />
          </Stack>
          <Card sx={{ mb: 2 }}>
            <DataTable<TVarianceLine>
              label={`${t('variance.totalsLabel')} ${month}`}
              rows={shownTotals}
              columns={totalColumns}
              keyColumns={['label', 'changeMinor']}
              getRowId={(row) => row.key}
              initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
            />
          </Card>
          {c.changed === 0 ? (
            <Typography color="text.secondary" data-testid="run-variance-none">{t('variance.noChanges', { month: v.previous.month })}</Typography>
          ) : (
            <Card>
              <DataTable<TVarianceEmployee>
                label={`${t('variance.employeesLabel')} ${month}`}
                rows={v.employees.rows}
                columns={employeeColumns}
                keyColumns={['name', 'reasons', 'grossPay']}
                getRowId={(row) => row.employeeId}
                loading={variance.isFetching}
                paginationMode="server"
                rowCount={v.employees.totalRecords}
                paginationModel={paging}
                onPaginationModelChange={setPaging}
                initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
              />
            </Card>
          )}
        </>
      )}
    </Box>
  );
};
