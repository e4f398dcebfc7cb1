// /privacy and /legal/privacy-policy, in their own chunk.
export { PrivacyPolicyPage as Component } from '../../features/legal/components/PrivacyPolicyPage';
