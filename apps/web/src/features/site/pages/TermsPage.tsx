import { LegalPage } from '../components/LegalPage.tsx';

/** Spec 01 §2 /terms. */
export const TermsPage = () => <LegalPage kind="terms" />;
