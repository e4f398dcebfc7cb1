// Two servers in one set of handlers: tests write each answer as the reference server sends it (`{data: …}`), and
// apiJson() sends it as the test run's server would. The "alternative" run (jest project `screens, other shape`,
// jest.config.js) is an independent server that takes every other shape SPEC §3 and §7 allow: bare bodies, bare
// lists, `_id` for teams and knowledge bases, `id`/`name`/`updated_at` for sessions, epoch-second times, and
// subscription plan details with only a name.
import { HttpResponse } from 'msw';

export type ApiShape = 'reference' | 'alternative';

/** The shape of this jest project's server (set by tests/utils/alternativeShape.ts). */
const apiShape = (): ApiShape => (globalThis as { __API_SHAPE__?: ApiShape }).__API_SHAPE__ ?? 'reference';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Lists that may come bare (SPEC §3 writes most as "list as data.X"; another server sends the array). */
const LIST_KEYS = ['credentials', 'servers', 'packages', 'subscriptions', 'teams', 'sessions', 'knowledge_bases'];
/** Maps that may come bare. */
const MAP_KEYS = ['plans', 'available_tools', 'available_mcp_servers'];

const epochSeconds = (iso: unknown, asText: boolean): unknown => {
  if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) return iso;
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return asText ? String(seconds) : seconds;
};

function reshape(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => reshape(item, key));
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) out[k] = reshape(v, k);
  // Team and knowledge base: `_id` instead of `id`.
  if ('id' in out && ('members' in out || 'config' in out || 'vector_db' in out)) {
    out._id = out.id;
    delete out.id;
  }
  // Session: `id`, `name`, `updated_at`, times in epoch seconds (as numbers).
  if ('session_id' in out && ('session_name' in out || 'last_updated' in out)) {
    out.id = out.session_id;
    out.name = out.session_name;
    out.updated_at = epochSeconds(out.last_updated, false);
    out.created_at = epochSeconds(out.created_at, false);
    delete out.session_id;
    delete out.session_name;
    delete out.last_updated;
  }
  // Stored message: created_at as epoch seconds in text.
  if ('role' in out && 'content' in out && 'created_at' in out) out.created_at = epochSeconds(out.created_at, true);
  // Subscription details: plan_details with only its name (all SPEC §3 promises).
  if (key === 'subscription_details' || 'plan_details' in out) {
    if (isRecord(out.plan_details)) out.plan_details = { name: out.plan_details.name };
  }
  return out;
}

/** The reference server's body in the other allowed shape. */
export function otherShape(body: unknown): unknown {
  let value = isRecord(body) && 'data' in body ? body.data : body;
  if (isRecord(value)) {
    const keys = Object.keys(value).filter((k) => k !== 'total');
    const only = keys.length === 1 ? keys[0]! : null;
    if (only && LIST_KEYS.includes(only) && Array.isArray(value[only])) value = value[only];
    else if (only && MAP_KEYS.includes(only) && isRecord(value[only])) value = value[only];
  }
  return reshape(value);
}

/** A JSON answer written in the reference server's shape, sent in the shape of this test run's server. */
export function apiJson(body: unknown, init?: ResponseInit) {
  return HttpResponse.json((apiShape() === 'reference' ? body : otherShape(body)) as never, init);
}
