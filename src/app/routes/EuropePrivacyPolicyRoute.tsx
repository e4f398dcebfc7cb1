// /eu-privacy and /legal/europe-privacy-policy, in their own chunk.
export { EuropePrivacyPolicyPage as Component } from '../../features/legal/components/EuropePrivacyPolicyPage';
