// The credits ledger: an append-only list of transactions with a per-user balance kept in step in one DB transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Balance, Transaction } from '../../../contract/types.ts';
import type { Db } from '../db/client.ts';
import { creditBalances, creditTransactions } from '../db/schema.ts';
import { newId } from '../ids.ts';

export type CreditBucket = 'purchased' | 'subscription';

export interface GrantInput {
  userId: string;
  amount: number;
  transactionType: string;
  description: string;
  reference?: string;
  bucket: CreditBucket;
}

export interface DebitInput {
  userId: string;
  amount: number;
  description: string;
  reference?: string;
}

type BalanceRow = { purchasedCredits: number; subscriptionCredits: number };

const toBalance = (row: BalanceRow | undefined): Balance => ({
  available_credits: (row?.purchasedCredits ?? 0) + (row?.subscriptionCredits ?? 0),
  subscription_credits: row?.subscriptionCredits ?? 0,
});

function assertCredits(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`Credit amount must be a positive integer, got ${amount}`);
}

export async function getBalance(db: Db, userId: string): Promise<Balance> {
  const [row] = await db.select().from(creditBalances).where(eq(creditBalances.userId, userId));
  return toBalance(row);
}

export async function grantCredits(db: Db, input: GrantInput): Promise<Balance> {
  assertCredits(input.amount);
  const purchased = input.bucket === 'purchased' ? input.amount : 0;
  const subscription = input.bucket === 'subscription' ? input.amount : 0;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(creditBalances)
      .values({ userId: input.userId, purchasedCredits: purchased, subscriptionCredits: subscription })
      .onConflictDoUpdate({
        target: creditBalances.userId,
        set: {
          purchasedCredits: sql`${creditBalances.purchasedCredits} + ${purchased}`,
          subscriptionCredits: sql`${creditBalances.subscriptionCredits} + ${subscription}`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    await tx.insert(creditTransactions).values({
      id: newId(),
      userId: input.userId,
      amount: input.amount,
      transactionType: input.transactionType,
      description: input.description,
      reference: input.reference ?? null,
    });
    return toBalance(row);
  });
}

/**
 * Takes credits if the user has enough, subscription credits first; never lets the balance go below zero.
 * One statement, so it is atomic on its own and costs one round trip; inside a caller's transaction it commits
 * together with what it pays for.
 */
export async function debitCredits(
  db: Db,
  input: DebitInput,
): Promise<{ ok: true; balance: Balance } | { ok: false; balance: Balance }> {
  assertCredits(input.amount);
  const amount = input.amount;
  // The conditional UPDATE's row lock makes parallel debits queue, and each re-checks the sum; the ledger row is
  // written only when the UPDATE matched. Right-hand sides of SET read the row as it was before the update.
  const result = await db.execute<{ purchased_credits: number; subscription_credits: number }>(sql`
    WITH debited AS (
      UPDATE ${creditBalances}
      SET subscription_credits = GREATEST(subscription_credits - ${amount}, 0),
          purchased_credits = purchased_credits - GREATEST(${amount} - subscription_credits, 0),
          updated_at = now()
      WHERE user_id = ${input.userId} AND purchased_credits + subscription_credits >= ${amount}
      RETURNING purchased_credits, subscription_credits
    ), recorded AS (
      INSERT INTO ${creditTransactions} (id, user_id, amount, transaction_type, description, reference)
      SELECT ${newId()}, ${input.userId}, ${-amount}, 'consumption', ${input.description}, ${input.reference ?? null} FROM debited
    )
    SELECT purchased_credits, subscription_credits FROM debited`);
  const [row] = (result as unknown as { rows: Array<{ purchased_credits: number; subscription_credits: number }> })
    .rows;
  if (!row) return { ok: false, balance: await getBalance(db, input.userId) };
  return {
    ok: true,
    balance: toBalance({
      purchasedCredits: Number(row.purchased_credits),
      subscriptionCredits: Number(row.subscription_credits),
    }),
  };
}

/**
 * Gives back what was debited under `reference` (a run id) and not given back yet, at most `limit` credits, as a
 * `refund` row with the same reference; so refunding twice never pays out more than was taken. Refunds go to the
 * purchased bucket: which bucket the debit drew on is not recorded.
 */
export async function refundReference(
  db: Db,
  input: { userId: string; reference: string; description: string; limit?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    // The balance row lock serialises refunds of the same user, so two refunds of one run cannot both pass.
    await tx.select().from(creditBalances).where(eq(creditBalances.userId, input.userId)).for('update');
    const [row] = await tx
      .select({ net: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, input.userId), eq(creditTransactions.reference, input.reference)));
    const owed = Math.min(-Number(row?.net ?? 0), input.limit ?? Number.MAX_SAFE_INTEGER);
    if (owed <= 0) return 0;
    await grantCredits(tx, {
      userId: input.userId,
      amount: owed,
      transactionType: 'refund',
      description: input.description,
      reference: input.reference,
      bucket: 'purchased',
    });
    return owed;
  });
}

/** Zeroes the subscription bucket (end of a cycle) and records what was lost as `subscription_expired`. */
export async function expireSubscriptionCredits(
  db: Db,
  userId: string,
  description: string,
  reference?: string,
): Promise<Balance> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(creditBalances).where(eq(creditBalances.userId, userId)).for('update');
    if (!current || current.subscriptionCredits === 0) return toBalance(current);
    const [row] = await tx
      .update(creditBalances)
      .set({ subscriptionCredits: 0, updatedAt: sql`now()` })
      .where(eq(creditBalances.userId, userId))
      .returning();
    await tx.insert(creditTransactions).values({
      id: newId(),
      userId,
      amount: -current.subscriptionCredits,
      transactionType: 'subscription_expired',
      description,
      reference: reference ?? null,
    });
    return toBalance(row);
  });
}

export async function listTransactions(
  db: Db,
  userId: string,
  page: { limit: number; skip: number },
): Promise<{ total: number; transactions: Transaction[] }> {
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  const rows = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.seq))
    .limit(page.limit)
    .offset(page.skip);
  return {
    total: Number(count?.total ?? 0),
    transactions: rows.map((r) => ({
      id: r.id,
      description: r.description,
      created_at: r.createdAt.toISOString(),
      amount: r.amount,
      transaction_type: r.transactionType,
    })),
  };
}
