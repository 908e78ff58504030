import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Sets the browser tab's title to the screen's. */
export const useDocumentTitle = (title: string) => {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} · ${t('common.appName')}` : t('common.appName');
  }, [title, t]);
};

type TProps = { title: string; description?: ReactNode; actions?: ReactNode; eyebrow?: ReactNode };

export const PageHeader = ({ title, description, actions, eyebrow }: TProps) => {
  useDocumentTitle(title);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-end' }, justifyContent: 'space-between', mb: { xs: 3, md: 4 } }}>
      <Box sx={{ maxWidth: 760 }}>
        {eyebrow ? <Box sx={{ mb: 1 }}>{eyebrow}</Box> : null}
        <Typography variant="h4" component="h1" sx={{ mb: description ? 1 : 0 }}>
          {title}
        </Typography>
        {description ? (
          <Typography variant="body1" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>{actions}</Stack> : null}
    </Stack>
  );
};
