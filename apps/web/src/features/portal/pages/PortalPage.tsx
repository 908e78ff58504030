import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useDocumentTitle } from '../../../shared/ui/PageHeader.tsx';
import { usePortalState, type TPortalKind } from '../portalSession.ts';
import { PortalSignIn } from '../components/PortalSignIn.tsx';
import { EmployeePortal } from '../components/EmployeePortal.tsx';
import { CollectorPortal } from '../components/CollectorPortal.tsx';
import { ChoosePin } from '../components/PortalPin.tsx';

/** /portal (spec 01 §2, outside the main layout): employees with their portal code, collectors with their codes. */
export const PortalPage = () => {
  const { t } = useTranslation('people');
  useDocumentTitle(t('portal.title'));
  const { portal, collector, expired } = usePortalState();
  const [chosen, setChosen] = useState<TPortalKind>('portal');
  const view: TPortalKind | null = portal && collector ? chosen : portal ? 'portal' : collector ? 'collector' : null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      {portal && collector ? (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
          <Tabs value={chosen} onChange={(_e, value: TPortalKind) => setChosen(value)} aria-label={t('portal.title')}>
            <Tab value="portal" label={t('portal.tabs.employee')} />
            <Tab value="collector" label={t('portal.tabs.collector')} />
          </Tabs>
        </Box>
      ) : null}
      {view === 'portal' && portal && portal.session.pinSet === false ? <ChoosePin token={portal.token} session={portal.session} /> : null}
      {view === 'portal' && portal && portal.session.pinSet !== false ? <EmployeePortal key={portal.session.employee._id} token={portal.token} session={portal.session} /> : null}
      {view === 'collector' && collector ? <CollectorPortal session={collector.session} /> : null}
      {view === null ? <PortalSignIn expired={expired} /> : null}
    </Container>
  );
};
