import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';

type TSection = { heading: string; body: string };

/** Terms and privacy share one readable layout; their texts are in the app resources. */
export const LegalPage = ({ kind }: { kind: 'terms' | 'privacy' }) => {
  const { t } = useTranslation('app');
  const sections = t(`legal.${kind}.sections`, { returnObjects: true }) as TSection[];
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <PageHeader title={t(`legal.${kind}.title`)} description={t(`legal.${kind}.intro`)} />
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 5 } }}>
          {Array.isArray(sections)
            ? sections.map((section, index) => (
                <section key={section.heading}>
                  <Typography variant="h6" component="h2" sx={{ mt: index ? 4 : 0, mb: 1 }}>
                    {index + 1}. {section.heading}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{section.body}</Typography>
                </section>
              ))
            : null}
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 5 }}>
            {t('legal.updated')}
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
};
