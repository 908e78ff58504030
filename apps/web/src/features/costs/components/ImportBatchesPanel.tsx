import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import UndoIcon from '@mui/icons-material/Undo';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { TCostImportBatch } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { EmptyState } from '../../../shared/ui/EmptyState.tsx';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { Money } from '../../../shared/ui/Money.tsx';
import { formatMinor } from '../../../shared/format/money.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { displayError } from '../../../shared/i18n/index.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { useImportBatches, useUndoBatch } from '../api.ts';

/** A project's spreadsheet imports (issue 35): what each added, and Undo (after confirmation) for one still active. */
export const ImportBatchesPanel = ({ tagName }: { tagName: string }) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const batches = useImportBatches(user.ownerEmail, tagName);
  const undo = useUndoBatch(t('batches.done'));
  const [undoing, setUndoing] = useState<TCostImportBatch | null>(null);
  const name = (b: TCostImportBatch) => b.fileName || t('batches.unnamed');

  return (
    <PanelCard title={t('batches.title')}>
      <Box sx={{ px: 3, pb: 2 }} data-testid="import-batches">
        {batches.isError ? <Alert severity="error">{displayError(t, batches.error)}</Alert> : null}
        {batches.data?.length === 0 ? <EmptyState compact Icon={UploadFileIcon} title={t('batches.title')} body={t('batches.empty')} /> : null}
        {batches.data?.length ? (
          <List dense aria-label={t('batches.title')}>
            {batches.data.map((b) => (
              <ListItem key={b._id} divider data-testid="import-batch" sx={{ flexWrap: 'wrap', gap: 1 }}
                secondaryAction={b.status === 'active' && b.remaining > 0 ? (
                  <Button size="small" color="error" startIcon={<UndoIcon />} aria-label={t('batches.undoLabel', { file: name(b) })} onClick={() => setUndoing(b)}>{t('batches.undo')}</Button>
                ) : undefined}>
                <ListItemText
                  primary={<Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} component="span">
                    <span>{name(b)}</span>
                    <Chip size="small" variant="outlined" color={b.status === 'undone' ? 'default' : 'success'} label={t(`batches.${b.status}`)} />
                  </Stack>}
                  secondary={<>
                    {`${formatDate(b.createdAt.slice(0, 10), i18n.language)} · ${b.createdBy} · ${t('batches.countsValue', { imported: b.imported, skipped: b.skipped })} · `}
                    <Money minor={b.amountMinor} currency={user.currency} />
                  </>}
                  sx={{ pr: { xs: 0, sm: 12 } }}
                />
              </ListItem>
            ))}
          </List>
        ) : null}
      </Box>
      <ConfirmDialog open={!!undoing} title={t('batches.confirmTitle')} destructive busy={undo.isPending}
        body={undoing ? t('batches.confirmBody', { count: undoing.remaining, file: name(undoing), amount: formatMinor(undoing.amountMinor, user.currency, i18n.language) }) : ''}
        confirmLabel={t('batches.undo')} onClose={() => setUndoing(null)}
        onConfirm={() => undoing && undo.mutate({ email: user.ownerEmail, id: undoing._id }, { onSettled: () => setUndoing(null) })} />
    </PanelCard>
  );
};
