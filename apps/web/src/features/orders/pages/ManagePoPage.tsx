import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { hasRole } from '../../../shared/access.ts';
import { useProcurementTexts } from '../components/ProcurementUi.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { NewOrderDialog } from '../components/NewOrderDialog.tsx';
import { OrderDetailDialog } from '../components/OrderDetailDialog.tsx';

/** /manage-po: purchase orders — create, approve, receive goods, cancel, print; /manage-po?id=<id> opens one. */
export const ManagePoPage = () => {
  const { t, user } = useProcurementTexts();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  // ?id=<order id> (the search, a notification) opens that order; closing it leaves the plain list in the address.
  const [params, setParams] = useSearchParams();
  const linked = params.get('id');
  useEffect(() => {
    if (linked) setOpen(linked);
  }, [linked]);
  const close = () => {
    setOpen(null);
    if (linked) setParams({}, { replace: true });
  };
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
      <OrderDetailDialog orderId={open} onClose={close} />
    </>
  );
};
