import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEmployeeStructure } from '../api.ts';
import { RecurringItemDialog } from './StructureDialogs.tsx';
import { RecurringItemsList } from './RecurringItemsList.tsx';

/** On the employee's pay panel: the structure that applies (assigned or the default) and the recurring items; add or end the employee's own. */
export const EmployeeStructureSection = ({ employeeId }: { employeeId: string }) => {
  const { t, ready } = useTranslation('structures', { useSuspense: false });
  const data = useEmployeeStructure(employeeId);
  const [adding, setAdding] = useState(false);
  if (!ready || data.isLoading || !data.data) return <Skeleton variant="rounded" height={60} />;
  const { structure, isAssigned, structureItems, items } = data.data;
  return (
    <Stack spacing={1} data-testid="employee-structure">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">{t('employee.title')}</Typography>
        <Button size="small" component={RouterLink} to="/pay-structures">{t('employee.manage')}</Button>
      </Stack>
      <Typography variant="body2">
        {structure ? (isAssigned ? t('employee.assigned', { name: structure.name }) : t('employee.default', { name: structure.name })) : t('employee.none')}
      </Typography>
      {structureItems.length > 0 ? <RecurringItemsList items={structureItems} editable={false} empty="" /> : null}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">{t('employee.own')}</Typography>
        <Button size="small" onClick={() => setAdding(true)}>{t('items.add')}</Button>
      </Stack>
      <RecurringItemsList items={items} empty={t('employee.noItems')} />
      <RecurringItemDialog open={adding} owner={{ employeeId }} onClose={() => setAdding(false)} />
    </Stack>
  );
};
