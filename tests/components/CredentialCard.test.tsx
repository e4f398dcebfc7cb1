import { screen } from '@testing-library/react';
import { CredentialCard } from '../../src/features/credentials/components/CredentialCard';
import type { CredentialField, UserCredential } from '../../contract/types';
import { renderWithProviders } from '../utils/renderWithProviders';

const fields = [
  { key: 'N8N_BASE_URL', name: 'n8n Base URL', type: 'url' },
  { key: 'N8N_API_KEY', name: 'n8n API Key', type: 'token' },
] as CredentialField[];
const URL_VALUE = 'https://automation.example-company-with-a-long-name.com/n8n/instance/production';
const credential: UserCredential = {
  id: 'c1',
  mcp_server_id: 'n8n',
  server_name: 'n8n',
  configured_fields: { N8N_BASE_URL: URL_VALUE, N8N_API_KEY: '••••••••' },
};

describe('a saved credential card', () => {
  it('labels each field by its name, not its key, and keeps a long URL whole on one line', () => {
    renderWithProviders(
      <CredentialCard credential={credential} fields={fields} onUpdate={() => {}} onDelete={() => {}} />,
    );
    const url = screen.getByText(`n8n Base URL: ${URL_VALUE}`);
    expect(screen.getByText('n8n API Key: ••••••••')).toBeInTheDocument();
    expect(screen.queryByText(/N8N_BASE_URL/)).not.toBeInTheDocument();
    expect(url).toHaveAttribute('title', URL_VALUE);
    const style = getComputedStyle(url);
    expect(style.whiteSpace).toBe('nowrap');
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.wordBreak).not.toBe('break-all');
  });
});
