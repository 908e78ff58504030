import { Link as RouterLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { LanguageMenu } from '../../../shared/ui/LanguageMenu.tsx';
import { usePortalState } from '../portalSession.ts';

/** The pages an employee reaches from the portal or a link in an e-mail: their payslip, an appraisal form. */
export const EMPLOYEE_PAGE = /^\/(payroll|appraisal)\/[^/]+\/?$/;

/**
 * The frame of an employee-facing page (issue 32): no marketing header or footer (nothing there is for a reader who
 * came for their payslip), the language menu, and, when the page was opened with the portal signed in, the way back.
 */
export const EmployeePageFrame = () => {
  const { t } = useTranslation('app');
  const fromPortal = usePortalState().portal !== null;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Container component="header" maxWidth="md" sx={{ pt: 1.5, '@media print': { display: 'none' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {fromPortal ? (
            <Button component={RouterLink} to="/portal" startIcon={<ArrowBackIcon />} data-testid="back-to-portal">
              {t('app:site.backToPortal')}
            </Button>
          ) : null}
          <Box sx={{ flexGrow: 1 }} />
          <LanguageMenu />
        </Stack>
      </Container>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
};
