import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { TUTORIALS } from '../tutorials.ts';

const AREAS = ['hr', 'procurement', 'account'] as const;
const FAQ = ['start', 'roles', 'portal', 'payroll', 'notifications', 'language', 'data'] as const;

/** Spec 01 §2 training-modules: the tutorial videos by area, and frequently asked questions. */
export const TrainingModulesPage = () => {
  const { t } = useTranslation('app');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <PageHeader title={t('help.title')} description={t('help.intro')} />
      {AREAS.map((area) => (
        <Box key={area} component="section" sx={{ mb: 5 }} aria-labelledby={`area-${area}`}>
          <Typography id={`area-${area}`} variant="h5" component="h2" sx={{ mb: 2 }}>
            {t(`help.areas.${area}`)}
          </Typography>
          <Grid container spacing={2.5}>
            {TUTORIALS.filter((tutorial) => tutorial.area === area).map((tutorial) => (
              <Grid key={tutorial.path} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card sx={{ height: 1 }}>
                  <CardActionArea component={RouterLink} to={tutorial.path} sx={{ height: 1, alignItems: 'flex-start' }}>
                    <CardContent>
                      <OndemandVideoIcon color="primary" sx={{ mb: 1 }} aria-hidden="true" />
                      <Typography variant="subtitle1" component="h3">
                        {t(`help.tutorials.${tutorial.key}.title`)}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                        {t('help.lessonCount', { count: tutorial.lessons.length })}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      <Box component="section" aria-labelledby="faq-title">
        <Typography id="faq-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('help.faqTitle')}
        </Typography>
        {FAQ.map((item) => (
          <Accordion key={item} disableGutters sx={{ '&:before': { display: 'none' }, border: '1px solid', borderColor: 'divider', mb: 1, borderRadius: 2, boxShadow: 'none' }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography sx={{ fontWeight: 600 }}>{t(`help.faq.${item}.q`)}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography sx={{ color: 'text.secondary' }}>{t(`help.faq.${item}.a`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </Container>
  );
};
