// /profile: the profile page, with the credentials feature's saved credentials in its Tool Credentials card.
import { CredentialsSection } from '../../features/credentials/components/CredentialsSection';
import { ProfilePage } from '../../features/profile/components/ProfilePage';

function ProfileRoute() {
  return <ProfilePage credentials={<CredentialsSection />} />;
}

export { ProfileRoute as Component };
