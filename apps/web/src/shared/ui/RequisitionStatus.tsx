import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';

const COLORS = { pending: 'warning', approved: 'info', issued: 'success', rejected: 'error' } as const;

export const RequisitionStatus = ({ status }: { status: keyof typeof COLORS }) => {
  const { t } = useTranslation('inventory');
  return <Chip size="small" color={COLORS[status]} label={t(`requisitions.statuses.${status}`)} />;
};
