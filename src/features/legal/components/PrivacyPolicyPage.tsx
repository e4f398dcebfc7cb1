// The privacy policy (/legal/privacy-policy and /privacy).
import { Link } from '@mui/material';
import { APP_NAME, PRIVACY_EMAIL } from '../../../config/env';
import { CONSENT_AGE, MINIMUM_AGE } from '../ages';
import { LegalPage, type LegalSection } from './LegalPage';

const contact = <Link href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Link>;

const sections: LegalSection[] = [
  {
    heading: 'Information we collect',
    body: (
      <ul>
        <li>
          Account data from your identity provider or wallet: name, username, email address, profile picture and
          provider or wallet identifier.
        </li>
        <li>Content you give us: chat messages, uploaded files, knowledge documents, team and agent settings.</li>
        <li>
          Credentials you store for external tool servers. They are encrypted at rest and used only to run the tools you
          ask for.
        </li>
        <li>
          Billing records: credit balance, transactions and subscription status. Card details are handled by our payment
          provider and never reach our servers.
        </li>
        <li>
          Technical data: pages visited (path and query), browser type and error logs, used to keep the service working.
        </li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <ul>
        <li>To provide the service: sign you in, run your agent team, stream replies and keep your history.</li>
        <li>To bill you: keep your credit balance, process purchases and subscriptions.</li>
        <li>To keep the service secure and to fix problems.</li>
      </ul>
    ),
  },
  {
    heading: 'Sharing',
    body: (
      <p>
        We do not sell your personal data. We share it only with processors that run the service for us (hosting, the AI
        model provider that answers your chats, the payment provider), under contracts that limit their use of it, or
        when the law requires it.
      </p>
    ),
  },
  {
    heading: 'Retention and deletion',
    body: (
      <p>
        We keep your data while your account is open. You can delete chat sessions, documents and stored credentials at
        any time; to close your account and erase your data, write to {contact}. Billing records are kept as long as tax
        law requires.
      </p>
    ),
  },
  {
    heading: 'Children',
    body: (
      <p>
        {APP_NAME} is not for children under {MINIMUM_AGE}. You must be at least {MINIMUM_AGE} years old to create an
        account. If you are under {CONSENT_AGE}, you may use {APP_NAME} only with the consent of a parent or legal
        guardian. If we learn that we hold data of a child under {MINIMUM_AGE}, we delete it.
      </p>
    ),
  },
  {
    heading: 'Security',
    body: (
      <p>
        Traffic is encrypted in transit, credentials are encrypted at rest, and access to production data is limited to
        the people who run the service.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: <p>Questions or requests about your data: {contact}.</p>,
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 1, 2026"
      intro={<p>This policy explains what personal data {APP_NAME} collects, why, and the choices you have.</p>}
      sections={sections}
      other={{ to: '/legal/europe-privacy-policy', label: 'European Privacy Policy (GDPR)' }}
    />
  );
}
