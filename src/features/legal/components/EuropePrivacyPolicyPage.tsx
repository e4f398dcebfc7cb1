// The privacy policy for the European Economic Area, UK and Switzerland (/legal/europe-privacy-policy and /eu-privacy).
import { Link } from '@mui/material';
import { APP_NAME, PRIVACY_EMAIL } from '../../../config/env';
import { CONSENT_AGE, MINIMUM_AGE } from '../ages';
import { LegalPage, type LegalSection } from './LegalPage';

const contact = <Link href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Link>;

const sections: LegalSection[] = [
  {
    heading: 'Controller',
    body: (
      <p>
        The operator of {APP_NAME} is the controller of your personal data. Contact: {contact}.
      </p>
    ),
  },
  {
    heading: 'Legal bases (GDPR Art. 6)',
    body: (
      <ul>
        <li>Performance of a contract: your account, chats, credits and subscriptions.</li>
        <li>Legal obligation: billing and tax records.</li>
        <li>Legitimate interests: security, abuse prevention and service reliability.</li>
        <li>Consent: optional analytics; you can withdraw it at any time.</li>
      </ul>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You have the right of access, rectification, erasure, restriction, data portability and objection, and the right
        to withdraw consent. Write to {contact}; we answer within one month. You may also complain to your local data
        protection supervisory authority.
      </p>
    ),
  },
  {
    heading: 'International transfers',
    body: (
      <p>
        Where processors outside the EEA receive data, we rely on adequacy decisions or the European Commission's
        Standard Contractual Clauses.
      </p>
    ),
  },
  {
    heading: 'Retention',
    body: (
      <p>
        Account data is kept while the account is open and erased within 30 days of closure; billing records for the
        period tax law requires.
      </p>
    ),
  },
  {
    heading: 'Children',
    body: (
      <p>
        The minimum age is {MINIMUM_AGE}. Users under {CONSENT_AGE} need the consent of a parent or legal guardian, who
        may exercise these rights on their behalf.
      </p>
    ),
  },
];

export function EuropePrivacyPolicyPage() {
  return (
    <LegalPage
      title="European Privacy Policy"
      updated="November 1, 2026"
      intro={
        <p>
          This notice adds the information the GDPR (and the UK GDPR and Swiss FADP) require to our general privacy
          policy.
        </p>
      }
      sections={sections}
      other={{ to: '/legal/privacy-policy', label: 'Privacy Policy' }}
    />
  );
}
