import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';

/** Issue 36: the owner's integrations on /profile (API keys, webhooks). Only the owner sees it; the server refuses others too. */
export const IntegrationsSection = () => {
  const { t } = useTranslation('integrations');
  return (
    <Stack spacing={2} id="integrations" component="section" aria-labelledby="integrations-title">
      <div>
        <Typography variant="h5" component="h2" id="integrations-title">{t('title')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('description')}</Typography>
      </div>
      <ApiKeysCard />
      <WebhooksCard />
    </Stack>
  );
};
