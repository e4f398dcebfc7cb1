// /profile: the profile page, with the credentials feature's saved credentials in its Tool Credentials card, and
// the support feature's "Report a problem" and (admin mode) the reports users sent.
import { CredentialsSection } from '../../features/credentials/components/CredentialsSection';
import { ProfilePage } from '../../features/profile/components/ProfilePage';
import { ReportProblemButton } from '../../features/support/components/ReportProblemButton';
import { SupportReports } from '../../features/support/components/SupportReports';

function ProfileRoute() {
  return (
    <ProfilePage
      credentials={<CredentialsSection />}
      reportProblem={<ReportProblemButton />}
      supportReports={<SupportReports />}
    />
  );
}

export { ProfileRoute as Component };
