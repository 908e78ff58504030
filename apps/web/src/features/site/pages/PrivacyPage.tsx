import { LegalPage } from '../components/LegalPage.tsx';

/** Spec 01 §2 /privacy. */
export const PrivacyPage = () => <LegalPage kind="privacy" />;
