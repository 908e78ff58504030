import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TExpenseClaim } from '@bizdesk/contract';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { useOwnClaims, type TExpenseScope } from '../api.ts';
import { ClaimForm } from './ClaimForm.tsx';
import { ClaimList } from './ClaimList.tsx';

/** One person's claims and the form to file one: the portal's section, and a signed-in user's own claims. */
export const OwnClaims = ({ scope, title }: { scope: TExpenseScope; title?: string }) => {
  const { t } = useTranslation('expenses');
  const query = useOwnClaims(scope);
  const [editing, setEditing] = useState<TExpenseClaim | 'new' | null>(null);
  const data = query.data;
  return (
    <PanelCard title={title ?? t('myClaims')} action={data ? <Button variant="outlined" onClick={() => setEditing('new')}>{t('newClaim')}</Button> : undefined}>
      <Stack sx={{ px: 3, pb: 3 }} spacing={2}>
        {query.isLoading ? <Skeleton variant="rounded" height={80} /> : query.error ? (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}>{displayError(t, query.error)}</Alert>
        ) : data!.claims.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('noClaims')}</Typography> : (
          <ClaimList scope={scope} claims={data!.claims} onEdit={setEditing} />
        )}
      </Stack>
      {data && editing ? (
        <ClaimForm key={editing === 'new' ? 'new' : editing._id} open scope={scope} options={data.options} claim={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </PanelCard>
  );
};
