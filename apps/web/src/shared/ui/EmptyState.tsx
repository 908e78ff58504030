import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';

type TProps = { Icon: ComponentType<SvgIconProps>; title: string; body?: ReactNode; action?: ReactNode; compact?: boolean; headingLevel?: 'h1' | 'h2' | 'h3' };

/** What a list shows when it has nothing in it yet. */
export const EmptyState = ({ Icon, title, body, action, compact = false, headingLevel = compact ? 'h3' : 'h2' }: TProps) => (
  <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: compact ? 4 : { xs: 6, md: 10 }, px: 3 }} data-testid="empty-state">
    <Box
      sx={{
        width: compact ? 56 : 80,
        height: compact ? 56 : 80,
        borderRadius: '50%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'rgba(29, 78, 216, 0.08)',
        color: 'primary.main',
        mb: 1,
      }}
      aria-hidden="true"
    >
      <Icon sx={{ fontSize: compact ? 28 : 38 }} />
    </Box>
    <Typography variant={compact ? 'subtitle1' : 'h6'} component={headingLevel}>
      {title}
    </Typography>
    {body ? (
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
        {body}
      </Typography>
    ) : null}
    {action ? <Box sx={{ pt: 1 }}>{action}</Box> : null}
  </Stack>
);
