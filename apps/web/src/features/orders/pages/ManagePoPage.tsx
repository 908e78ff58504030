import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { hasRole } from '../../../shared/access.ts';
import { useQueryParam } from '../../../shared/useQueryParam.ts';
import { useProcurementTexts } from '../components/ProcurementUi.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { NewOrderDialog } from '../components/NewOrderDialog.tsx';
import { OrderDetailDialog } from '../components/OrderDetailDialog.tsx';

/** /manage-po: purchase orders — create, approve, receive goods, cancel, print. */
export const ManagePoPage = () => {
  const { t, user } = useProcurementTexts();
  const [creating, setCreating] = useState(false);
  // The open order is in the address (?id=): a notification or a search result opens it (issue 30).
  const [open, setOpen] = useQueryParam('id');
  return (
    <>
      <PageHeader
        title={t('orders.title')} description={t('orders.description')}
        actions={hasRole(user.roles, 'Procurement-access') ? <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{t('orders.newOrder')}</Button> : null}
      />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 3 } }}>
        <OrdersTable POType="regular" onOpen={setOpen} empty={{ title: t('orders.empty'), body: t('orders.emptyBody') }} />
      </Paper>
      <NewOrderDialog open={creating} POType="regular" onClose={() => setCreating(false)} onCreated={setOpen} />
      <OrderDetailDialog orderId={open} onClose={() => setOpen(null)} />
    </>
  );
};
