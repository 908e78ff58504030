import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { Link as RouterLink } from 'react-router';

type TProps = {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  Icon: ComponentType<SvgIconProps>;
  color: string;
  loading?: boolean;
  to?: string;
};

/** One figure on the dashboard. */
export const StatCard = ({ label, value, caption, Icon, color, loading = false, to }: TProps) => {
  const body = (
    <Stack spacing={1.5} sx={{ p: { xs: 2, sm: 2.5 }, height: 1 }}>
      <Box sx={{ width: 40, height: 40, borderRadius: 2, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: `${color}14`, color }} aria-hidden="true">
        <Icon fontSize="small" />
      </Box>
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere', hyphens: 'auto' }}>
          {label}
        </Typography>
        <Typography variant="h3" component="p" sx={{ lineHeight: 1.15, fontWeight: 800, mt: 0.5 }}>
          {loading ? <Skeleton width={48} /> : value}
        </Typography>
        {caption ? (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere', hyphens: 'auto' }}>
            {caption}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
  return (
    <Card sx={{ height: 1 }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: 1 }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
};
