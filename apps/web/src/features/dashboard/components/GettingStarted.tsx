import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';

export type TSetupStep = { key: string; done: boolean; to?: string };

/** The first steps of a new business, ticked from real data. */
export const GettingStarted = ({ steps }: { steps: readonly TSetupStep[] }) => {
  const { t } = useTranslation('app');
  const done = steps.filter((s) => s.done).length;
  return (
    <Card sx={{ height: 1 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('dashboard.setup.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('dashboard.setup.progress', { count: done, total: steps.length })}
        </Typography>
        <LinearProgress variant="determinate" value={(done / Math.max(steps.length, 1)) * 100} sx={{ height: 8, borderRadius: 4, mb: 1 }} aria-label={t('dashboard.setup.title')} />
        <List dense disablePadding>
          {steps.map((step) => {
            const content = (
              <>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {step.done ? <CheckCircleIcon color="success" fontSize="small" /> : <RadioButtonUncheckedIcon color="disabled" fontSize="small" />}
                </ListItemIcon>
                <ListItemText
                  primary={t(`dashboard.setup.steps.${step.key}`)}
                  slotProps={{ primary: { sx: { fontWeight: 500, textDecoration: step.done ? 'line-through' : 'none', color: step.done ? 'text.secondary' : 'text.primary' } } }}
                />
              </>
            );
            return step.to && !step.done ? (
              <ListItem key={step.key} disablePadding>
                <ListItemButton component={RouterLink} to={step.to} sx={{ px: 1 }}>
                  {content}
                </ListItemButton>
              </ListItem>
            ) : (
              <ListItem key={step.key} sx={{ px: 1 }}>
                {content}
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
};
