// Seeds the configured single team on start-up.
import type { AppContext } from '../context.ts';

export async function seedTeams(ctx: AppContext): Promise<void> {
  void ctx;
}
