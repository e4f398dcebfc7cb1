import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../utils/apiShape';
import { Component as ProfileRoute } from '../../src/app/routes/ProfileRoute';
import type { UserCredential } from '../../contract/types';
import { adminUser, alice, balance, transaction } from '../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';
import { renderWithProviders, signedInState } from '../utils/renderWithProviders';

useMswServer();

const github = {
  id: 'github',
  name: 'GitHub',
  description: 'Repositories and pull requests',
  requires_credentials: true,
  credential_fields: [
    { key: 'GITHUB_TOKEN', name: 'Personal access token', type: 'token', placeholder: 'ghp_…', required: true },
    { key: 'GITHUB_OWNER', name: 'Owner', type: 'text', required: false },
  ],
};

function serve({ total = 0, credentials = [] as UserCredential[] } = {}) {
  const all = Array.from({ length: total }, (_, i) => transaction(i + 1));
  server.use(
    http.get(apiUrl('/credits/balance'), () => apiJson(balance(1500, 500))),
    http.get(apiUrl('/credentials/mcp/servers'), () => apiJson({ data: { servers: [github] } })),
    http.get(apiUrl('/credentials/mcp'), () => apiJson({ data: { credentials } })),
    http.get(apiUrl('/support/reports'), () => apiJson({ data: { reports: [] } })),
    http.get(apiUrl('/credits/transactions'), ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit'));
      const skip = Number(url.searchParams.get('skip'));
      return apiJson({ data: { total, transactions: all.slice(skip, skip + limit) } });
    }),
  );
}

describe('/profile', () => {
  it('shows who the user is, the balance and the account information', async () => {
    serve();
    renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    expect(screen.getByRole('heading', { name: 'Alice Example' })).toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    expect(await screen.findByTestId('profile-balance')).toHaveTextContent('1,500');
    const account = screen.getByRole('region', { name: 'Account Information' });
    expect(within(account).getByText('alice')).toBeInTheDocument();
    expect(within(account).getByText('Local identity provider')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Admin Tools' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows the Admin badge and admin tools to admins', async () => {
    serve();
    const { user, store } = renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(adminUser) });
    expect(screen.getByText('Admin')).toBeInTheDocument();
    const tools = screen.getByRole('region', { name: 'Admin Tools' });
    await user.click(within(tools).getByRole('switch', { name: 'Admin mode' }));
    expect(store.getState().auth.adminMode).toBe(true);
  });

  it('pages the transaction history 5 at a time with Load More', async () => {
    serve({ total: 7 });
    const { user } = renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getAllByText(/Nov 20, 2026 \d{1,2}:05 (AM|PM)/)).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(7));
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('says "No transactions found" for an empty history', async () => {
    serve({ total: 0 });
    renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
  });

  it('says "Failed to load transaction history" when the history cannot be loaded', async () => {
    serve();
    server.use(http.get(apiUrl('/credits/transactions'), () => errorResponse(422, 'bad')));
    renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    expect(await screen.findByText('Failed to load transaction history')).toBeInTheDocument();
  });

  it('adds a credential through the dialog with the token field masked', async () => {
    const saved: UserCredential[] = [];
    serve({ credentials: saved });
    let body: unknown;
    server.use(
      http.post(apiUrl('/credentials/mcp'), async ({ request }) => {
        body = await request.json();
        saved.push({
          id: 'c1',
          mcp_server_id: 'github',
          server_name: 'GitHub',
          configured_fields: { GITHUB_TOKEN: '••••1234' },
        });
        return apiJson({ data: saved[0] }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    await user.click(await screen.findByRole('combobox', { name: 'Tool server' }));
    await user.click(await screen.findByRole('option', { name: 'GitHub' }));
    await user.click(screen.getByRole('button', { name: 'Add Credentials' }));

    const dialog = await screen.findByRole('dialog', { name: 'GitHub credentials' });
    const token = within(dialog).getByLabelText(/Personal access token/);
    expect(token).toHaveAttribute('type', 'password');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(token, 'ghp_secret1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(body).toEqual({ mcp_server_id: 'github', credentials: { GITHUB_TOKEN: 'ghp_secret1234' } });
    expect(await screen.findByRole('article', { name: 'GitHub credentials' })).toHaveTextContent(
      'Personal access token: ••••1234',
    );
  });

  it('shows "Failed to save credentials" in the dialog when saving fails', async () => {
    serve({
      credentials: [
        { id: 'c1', mcp_server_id: 'github', server_name: 'GitHub', configured_fields: { GITHUB_OWNER: 'acme' } },
      ],
    });
    server.use(http.put(apiUrl('/credentials/mcp/c1'), () => errorResponse(422, 'bad')));
    const { user } = renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    await user.click(await screen.findByRole('button', { name: 'Update GitHub credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'GitHub credentials' });
    expect(within(dialog).getByLabelText(/Owner/)).toHaveValue('acme');
    await user.type(within(dialog).getByLabelText(/Personal access token/), 'ghp_new');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to save credentials')).toBeInTheDocument();
  });

  it('deletes a credential after confirmation, showing "Deleting..." meanwhile', async () => {
    let credentials: UserCredential[] = [
      { id: 'c1', mcp_server_id: 'github', server_name: 'GitHub', configured_fields: {} },
    ];
    serve();
    let release: () => void = () => undefined;
    server.use(
      http.get(apiUrl('/credentials/mcp'), () => apiJson({ data: { credentials } })),
      http.delete(apiUrl('/credentials/mcp/c1'), async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        credentials = [];
        return apiJson({ data: { deleted: true } });
      }),
    );
    const { user } = renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    await user.click(await screen.findByRole('button', { name: 'Delete GitHub credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Credential' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    release();
    expect(await screen.findByText('No saved credentials yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'GitHub credentials' })).not.toBeInTheDocument();
  });

  it('says "Failed to delete credential" when the delete fails', async () => {
    serve({ credentials: [{ id: 'c1', mcp_server_id: 'github', server_name: 'GitHub', configured_fields: {} }] });
    server.use(http.delete(apiUrl('/credentials/mcp/c1'), () => errorResponse(403, 'not yours')));
    const { user } = renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    await user.click(await screen.findByRole('button', { name: 'Delete GitHub credentials' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete credential')).toBeInTheDocument();
  });
});

describe('/profile support', () => {
  it('"Report a problem" sends a redacted snapshot with the note and shows its reference', async () => {
    serve({
      credentials: [
        {
          id: 'c1',
          mcp_server_id: 'github',
          server_name: 'GitHub',
          configured_fields: { GITHUB_TOKEN: 'ghp_visible_secret' },
        },
      ],
    });
    let sent: { note: string; snapshot: Record<string, unknown> } | null = null;
    server.use(
      http.post(apiUrl('/support/reports'), async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return apiJson({ data: { id: 'rep-1', created_at: '2026-11-25T10:00:00Z' } }, { status: 201 });
      }),
    );
    localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ');
    const { user } = renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(alice) });
    await screen.findByRole('article', { name: 'GitHub credentials' });
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await user.type(within(dialog).getByLabelText('What went wrong? (optional)'), 'The reply stopped');
    await user.click(within(dialog).getByRole('button', { name: 'Send to support' }));
    expect(await within(dialog).findByText('Sent to support. Reference: rep-1')).toBeInTheDocument();
    expect(sent!.note).toBe('The reply stopped');
    expect(sent!.snapshot).toMatchObject({ format: 'agent-team-studio.support-snapshot', route: '/' });
    const text = JSON.stringify(sent);
    expect(text).not.toContain('ghp_visible_secret');
    expect(text).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(text).toContain('Alice Example');
  });

  it('lists the reports users sent in admin mode', async () => {
    serve();
    server.use(
      http.get(apiUrl('/support/reports'), () =>
        apiJson({
          data: {
            reports: [
              {
                id: 'rep-1',
                user_id: 'u1',
                user_email: 'alice@example.com',
                route: '/teams/t1/chat',
                note: 'The reply stopped',
                size: 1200,
                created_at: '2026-11-25T10:00:00Z',
              },
            ],
          },
        }),
      ),
    );
    const { user } = renderWithProviders(<ProfileRoute />, { preloadedState: signedInState(adminUser) });
    expect(screen.queryByRole('region', { name: 'Problem reports' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Admin mode' }));
    const reports = await screen.findByRole('region', { name: 'Problem reports' });
    expect(await within(reports).findByText(/alice@example.com/)).toBeInTheDocument();
    expect(within(reports).getByText('/teams/t1/chat — The reply stopped')).toBeInTheDocument();
    expect(within(reports).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });
});
