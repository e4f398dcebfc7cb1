import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { alice, balance } from '../utils/fixtures';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';
import { renderApp } from '../utils/renderApp';

useMswServer();

const ADDRESS = '0x1111111111111111111111111111111111111111';

/** An injected EIP-1193 wallet that shares one account and signs every message. */
function installWallet() {
  const signed: string[] = [];
  const request = jest.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
    if (method === 'eth_requestAccounts') return [ADDRESS];
    if (method === 'eth_chainId') return '0x89';
    if (method === 'personal_sign') {
      const hex = String(params?.[0]).slice(2);
      signed.push(new TextDecoder().decode(Uint8Array.from(hex.match(/../g)!.map((b) => parseInt(b, 16)))));
      return `0xsig${signed.length}`;
    }
    throw new Error(`unexpected ${method}`);
  });
  (window as { ethereum?: unknown }).ethereum = { request };
  return { request, signed };
}

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum;
});

describe('wallet sign-in', () => {
  it('is offered only when a wallet is injected', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: 'Continue with Wallet' })).not.toBeInTheDocument();
  });

  it('signs an EIP-4361 message with a fresh server nonce for each signature; a new wallet registers with a username and email', async () => {
    const wallet = installWallet();
    const logins: unknown[] = [];
    let registration: Record<string, string> | undefined;
    let issued = 0;
    server.use(
      http.get(apiUrl('/auth/wallet/nonce'), () => {
        issued += 1;
        return HttpResponse.json({ nonce: `nonce0000${issued}`, expires_at: new Date().toISOString() });
      }),
      http.post(apiUrl('/auth/wallet/login'), async ({ request }) => {
        logins.push(await request.json());
        return errorResponse(404, {
          code: 'user_not_found',
          message: 'No account is linked to this wallet; register first',
        });
      }),
      http.post(apiUrl('/auth/wallet/register'), async ({ request }) => {
        registration = (await request.json()) as Record<string, string>;
        return HttpResponse.json({ access_token: 'wallet-access' }, { status: 201 });
      }),
      http.get(apiUrl('/auth/users/me'), () => HttpResponse.json(alice)),
      http.get(apiUrl('/credits/balance'), () => HttpResponse.json(balance(100))),
    );
    const { user, router } = renderApp('/login?return=%2Fprivacy');

    await user.click(await screen.findByRole('button', { name: 'Continue with Wallet' }));
    expect(await screen.findByText('No account is linked to this wallet; register first')).toBeInTheDocument();
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({ wallet_address: ADDRESS, signature: '0xsig1' });
    expect(wallet.signed[0]).toContain(`${window.location.host} wants you to sign in`);
    expect(wallet.signed[0]).toMatch(/Issued At: \d{4}-\d{2}-\d{2}T/);
    expect(wallet.signed[0]).toContain(
      `\nURI: ${window.location.origin}/login\nVersion: 1\nChain ID: 137\nNonce: nonce00001\n`,
    );

    const form = within(screen.getByRole('form', { name: 'Create an account for this wallet' }));
    await user.type(form.getByLabelText(/Username/), 'alice');
    await user.type(form.getByLabelText(/Email/), 'alice@example.com');
    await user.click(form.getByRole('button', { name: 'Create account with Wallet' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    expect(registration).toMatchObject({
      wallet_address: ADDRESS,
      signature: '0xsig2',
      username: 'alice',
      email: 'alice@example.com',
    });
    expect(localStorage.getItem('token')).toBe('wallet-access');
    expect(wallet.signed[1]).toContain('Nonce: nonce00002');
  });

  it('shows "Wallet login failed" when the server gives no reason', async () => {
    installWallet();
    server.use(
      http.get(apiUrl('/auth/wallet/nonce'), () => HttpResponse.json({ nonce: 'nonce00001', expires_at: '' })),
      http.post(apiUrl('/auth/wallet/login'), () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Wallet' }));
    expect(await screen.findByText('Wallet login failed')).toBeInTheDocument();
  });
});
