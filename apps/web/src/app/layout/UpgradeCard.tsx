import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';

/** Spec 01 §1: the upgrade card, 'Get more?' / 'AI analytics' / 'Upgrade to Pro'. */
export const UpgradeCard = () => {
  const { t } = useTranslation('app');
  return (
    <Box
      sx={{
        m: 2,
        p: 2.5,
        borderRadius: 3,
        color: '#fff',
        position: 'relative',
        overflow: 'hidden',
        background: 'linear-gradient(135deg, #1e3a8a 0%, #1d4ed8 55%, #0f766e 100%)',
      }}
    >
      <AutoAwesomeIcon sx={{ position: 'absolute', right: -8, top: -8, fontSize: 88, opacity: 0.15 }} aria-hidden="true" />
      <Typography variant="h6" component="p">
        {t('upgrade.title')}
      </Typography>
      <Typography variant="body2" sx={{ opacity: 0.85, mb: 2 }}>
        {t('upgrade.subtitle')}
      </Typography>
      <Button component={RouterLink} to="/home#pricing" variant="contained" size="small" sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: '#e0e7ff' } }}>
        {t('upgrade.action')}
      </Button>
    </Box>
  );
};
