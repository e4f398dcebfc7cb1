// Injected EIP-1193 wallet (window.ethereum): accounts and a personal_sign of a message naming this host and the time.

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export interface WalletSignature {
  wallet_address: string;
  message: string;
  signature: string;
}

export function injectedWallet(): Eip1193Provider | null {
  const provider = (window as { ethereum?: Eip1193Provider }).ethereum;
  return provider && typeof provider.request === 'function' ? provider : null;
}

/** The server accepts a message that names its host and was issued less than 10 minutes ago. */
export function walletMessage(host: string, address: string, appName: string, now: Date): string {
  return [
    `${host} wants you to sign in with your Ethereum account:`,
    address,
    '',
    `Sign in to ${appName}.`,
    '',
    `Issued At: ${now.toISOString()}`,
  ].join('\n');
}

function utf8Hex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export async function signWithWallet(provider: Eip1193Provider, appName: string): Promise<WalletSignature> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts[0];
  if (!address) throw new Error('No wallet account was shared');
  const message = walletMessage(window.location.host, address, appName, new Date());
  const signature = (await provider.request({ method: 'personal_sign', params: [utf8Hex(message), address] })) as string;
  return { wallet_address: address, message, signature };
}
