// Injected EIP-1193 wallet (window.ethereum): accounts and a personal_sign of a Sign-In with Ethereum (EIP-4361)
// message for this site, carrying a nonce the server issued.

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

export interface SiweFields {
  host: string;
  origin: string;
  address: string;
  appName: string;
  nonce: string;
  chainId: number;
  now: Date;
}

/** An EIP-4361 message: the server checks the host exactly, the URI's origin, the nonce (once) and the age (10 minutes). */
function walletMessage(f: SiweFields): string {
  return [
    `${f.host} wants you to sign in with your Ethereum account:`,
    f.address,
    '',
    `Sign in to ${f.appName}.`,
    '',
    `URI: ${f.origin}/login`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.now.toISOString()}`,
  ].join('\n');
}

async function chainIdOf(provider: Eip1193Provider): Promise<number> {
  try {
    const id = Number.parseInt(String(await provider.request({ method: 'eth_chainId' })), 16);
    return Number.isSafeInteger(id) && id > 0 ? id : 1;
  } catch {
    return 1;
  }
}

function utf8Hex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export async function signWithWallet(
  provider: Eip1193Provider,
  appName: string,
  nonce: string,
): Promise<WalletSignature> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts[0];
  if (!address) throw new Error('No wallet account was shared');
  const { host, origin } = window.location;
  const message = walletMessage({
    host,
    origin,
    address,
    appName,
    nonce,
    chainId: await chainIdOf(provider),
    now: new Date(),
  });
  const signature = (await provider.request({
    method: 'personal_sign',
    params: [utf8Hex(message), address],
  })) as string;
  return { wallet_address: address, message, signature };
}
