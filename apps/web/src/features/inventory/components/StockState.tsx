import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { TInventoryItem } from '@bizdesk/contract';

/** In stock, at the reorder level, or empty. */
export const StockState = ({ item }: { item: Pick<TInventoryItem, 'quantity' | 'isAtReorderLevel'> }) => {
  const { t } = useTranslation('inventory');
  if (item.quantity === 0) return <Chip size="small" color="error" label={t('items.empty')} />;
  if (item.isAtReorderLevel) return <Chip size="small" color="warning" label={t('items.low')} />;
  return <Chip size="small" color="success" variant="outlined" label={t('items.ok')} />;
};
