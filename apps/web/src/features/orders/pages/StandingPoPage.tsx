import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useProcurementTexts } from '../components/ProcurementUi.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { NewOrderDialog } from '../components/NewOrderDialog.tsx';
import { OrderDetailDialog } from '../components/OrderDetailDialog.tsx';

/** /standing-po: standing orders — a ceiling and validity drawn down by call-offs. */
export const StandingPoPage = () => {
  const { t } = useProcurementTexts();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('standing.title')} description={t('standing.description')} actions={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{t('standing.add')}</Button>} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
        <OrdersTable POType="standing" onOpen={setOpen} empty={{ title: t('standing.empty'), body: t('standing.emptyBody') }} />
      </Paper>
      <NewOrderDialog open={creating} POType="standing" onClose={() => setCreating(false)} onCreated={setOpen} />
      <OrderDetailDialog orderId={open} onClose={() => setOpen(null)} />
    </>
  );
};
