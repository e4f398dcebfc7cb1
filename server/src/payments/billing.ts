// Subscription plans and credit packages, read once at start-up from BILLING_FILE (default server/config/billing.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CreditPackage, SubscriptionPlan } from '../../../contract/types.ts';
import type { Config } from '../config.ts';

const id = z.string().regex(/^[a-z0-9_-]{1,64}$/);
const plan = z.object({
  name: z.string().min(1),
  price_usd: z.number().positive(),
  credits_per_cycle: z.number().int().positive(),
  description: z.string(),
});
const billingSchema = z.object({
  currency: z.string().length(3).default('usd'),
  plans: z.record(id, plan).refine((p) => Object.keys(p).length > 0, 'at least one plan'),
  packages: z
    .array(
      z.object({
        id,
        name: z.string().min(1),
        price_usd: z.number().positive(),
        credits: z.number().int().positive(),
        description: z.string(),
      }),
    )
    .min(1),
});

export interface Billing {
  currency: string;
  plans: Record<string, SubscriptionPlan>;
  packages: CreditPackage[];
}

const defaultFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../config/billing.json');

const cache = new Map<string, Billing>();

/** Reads and checks the billing file once per path; callers on hot paths (every chat run) get the cached copy. */
export function loadBilling(config: Pick<Config, 'BILLING_FILE'>): Billing {
  const file = path.resolve(config.BILLING_FILE ?? defaultFile);
  const cached = cache.get(file);
  if (cached) return cached;
  const parsed = billingSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid billing file ${file}: ${parsed.error.message}`);
  cache.set(file, parsed.data);
  return parsed.data;
}

export const toCents = (usd: number): number => Math.round(usd * 100);

export function planDetails(billing: Billing, planId: string): SubscriptionPlan & { id: string } {
  const found = billing.plans[planId];
  // A plan removed from the file still has subscribers: describe it by its id.
  return found
    ? { id: planId, ...found }
    : { id: planId, name: planId, price_usd: 0, credits_per_cycle: 0, description: '' };
}
