// The runtime's context: the app's, plus what it uses of the credits, payments, credentials and knowledge domains,
// as interfaces the app fills in (wiring.ts), so the runtime never reaches into their tables.
import type { Balance } from '../../../contract/types.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { ToolServices } from './types.ts';

interface RunDebit {
  userId: string;
  amount: number;
  description: string;
  /** The run id: what a refund of the run gives back. */
  reference: string;
}

/** How runs and tool calls are paid for: the credits ledger, and the subscriptions whose credits they may spend. */
interface RunAccounts {
  /** Renews or ends the user's subscriptions whose period is over, so a run cannot spend a past cycle's credits. */
  settleSubscriptions(userId: string): Promise<void>;
  /** Takes the credits if the balance covers them, never below zero; `within` is the caller's transaction. */
  debit(input: RunDebit, within?: Db): Promise<{ ok: boolean; balance: Balance }>;
  /** Gives back what was debited under `reference` and not given back yet, at most `limit`; returns the amount. */
  refund(input: { userId: string; reference: string; description: string; limit?: number }): Promise<number>;
}

/** The MCP credentials users saved. */
interface SavedCredentials {
  /** The user's active, readable values for a server in clear, or null. */
  valuesOf(userId: string, serverId: string): Promise<Record<string, string> | null>;
  has(userId: string, serverId: string): Promise<boolean>;
}

export interface RuntimeContext extends AppContext {
  accounts: RunAccounts;
  credentials: SavedCredentials;
  /** Full-text search over knowledge bases, for the members they are attached to. */
  searchKnowledge: ToolServices['searchKnowledge'];
}
