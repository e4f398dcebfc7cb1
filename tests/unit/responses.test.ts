import { readers, UnreadableResponse } from '../../contract/responses';
import { otherShape } from '../utils/apiShape';

const team = {
  id: 't1',
  name: 'Builders',
  description: 'Builds workflows',
  is_public: false,
  model_id: 'gpt-4o',
  owner_id: 'u1',
  members: [{ name: 'Planner', role: 'Plans' }],
  config: { mode: 'collaborate', members: [{ name: 'Planner', role: 'Plans' }] },
};

describe('response readers (SPEC §3 and §7 shapes)', () => {
  it('reads a team bare or in {data}, with _id or id, filling SPEC defaults for a missing config', () => {
    const enveloped = readers.team({ data: team });
    const bare = readers.team({ _id: 't1', name: 'Builders', members: [{ name: 'Planner' }] });
    expect(enveloped.id).toBe('t1');
    expect(enveloped.config.mode).toBe('collaborate');
    expect(bare.id).toBe('t1');
    expect(bare.config).toMatchObject({ mode: 'coordinate', markdown: true, num_history_runs: 3, telemetry: true });
    expect(bare.config.members).toEqual([{ name: 'Planner' }]);
    expect(bare.is_public).toBe(false);
  });

  it('refuses a team without any id, saying what is missing', () => {
    expect(() => readers.team({ data: { name: 'No id' } })).toThrow(UnreadableResponse);
    expect(() => readers.team({ name: 'No id' })).toThrow(/missing id or _id/);
  });

  it('reads lists bare or under their key, and totals from the body or the list', () => {
    const credential = { id: 'c1', mcp_server_id: 'github', server_name: 'GitHub', configured_fields: {} };
    expect(readers.credentials({ data: { credentials: [credential] } })).toEqual([credential]);
    expect(readers.credentials([credential])).toEqual([credential]);
    expect(readers.teams({ data: { total: 7, teams: [team] } }).total).toBe(7);
    expect(readers.teams([team, { ...team, id: 't2' }]).total).toBe(2);
    expect(() => readers.credentials({ data: { nothing: true } })).toThrow(/expected a list/);
  });

  it('reads sessions with session_id or id, session_name or name, last_updated or updated_at, any time form', () => {
    const reference = readers.sessions({
      data: {
        total: 1,
        sessions: [
          {
            session_id: 's1',
            session_name: 'Weekly report',
            team_id: 't1',
            created_at: '2026-11-01T10:00:00.000Z',
            last_updated: '2026-11-02T10:00:00.000Z',
          },
        ],
      },
    });
    const other = readers.sessions([
      { id: 's1', name: 'Weekly report', team_id: 't1', created_at: 1793527200, updated_at: '1793613600' },
    ]);
    expect(other).toEqual(reference);
    expect(other.sessions[0]).toMatchObject({ session_id: 's1', session_name: 'Weekly report' });
  });

  it('reads stored message times given as epoch seconds in text or as numbers', () => {
    const read = readers.sessionMessages({
      messages: [
        { role: 'user', content: 'hi', created_at: '1793527200' },
        { role: 'team_response', content: 'hello', created_at: 1793527260 },
      ],
    });
    expect(read.messages.map((m) => m.created_at)).toEqual(['2026-11-01T10:00:00.000Z', '2026-11-01T10:01:00.000Z']);
    expect(read.total).toBe(2);
    expect(read.session).toBeUndefined();
  });

  it('reads a bare subscription status whose plan details carry only a name', () => {
    const status = readers.subscriptionStatus({
      is_subscribed: true,
      subscription_details: {
        cancel_at_period_end: false,
        current_period_end: 1796205600,
        plan_details: { name: 'Pro' },
      },
    });
    expect(status.subscription_details?.plan_details.name).toBe('Pro');
    expect(status.subscription_details?.plan_details.credits_per_cycle).toBeUndefined();
    expect(status.subscription_details?.current_period_end).toBe('2026-12-02T10:00:00.000Z');
  });

  it('reads catalogue maps bare or under their key', () => {
    const tools = { calculator: { description: 'Math', functions: ['add'] } };
    expect(readers.availableTools({ data: { available_tools: tools } })).toEqual(tools);
    expect(readers.availableTools(tools)).toEqual(tools);
    const missing = { python: { description: 'Code', reason: 'code: not available' } };
    expect(readers.availableTools({ data: { available_tools: tools, unavailable_tools: missing } })).toEqual(tools);
    expect(readers.unavailableTools({ data: { available_tools: tools, unavailable_tools: missing } })).toEqual(missing);
    expect(readers.unavailableTools({ data: { available_tools: tools } })).toEqual({});
    expect(
      readers.unavailableMcpServers({
        data: { unavailable_mcp_servers: { slack: { name: 'Slack', reason: 'not connected' }, bad: { name: 'x' } } },
      }),
    ).toEqual({ slack: { name: 'Slack', description: '', reason: 'not connected' } });
    expect(
      readers.plans({ pro: { name: 'Pro', price_usd: 10, credits_per_cycle: 1000, description: '' } }),
    ).toHaveProperty('pro.credits_per_cycle', 1000);
  });

  it('the test servers agree: every reference answer read in the other shape reads the same', () => {
    const session = {
      session_id: 's1',
      session_name: 'Weekly',
      team_id: 't1',
      created_at: '2026-11-01T10:00:00.000Z',
      last_updated: '2026-11-02T10:00:00.000Z',
    };
    const cases: Array<[keyof typeof readers, unknown]> = [
      ['team', { data: team }],
      ['teams', { data: { total: 1, teams: [team] } }],
      ['sessions', { data: { total: 1, sessions: [session] } }],
      [
        'knowledgeBases',
        {
          data: {
            total: 1,
            knowledge_bases: [{ id: 'kb', name: 'KB', description: '', vector_db: { collection: 'c' } }],
          },
        },
      ],
      ['availableTools', { data: { available_tools: { calculator: { description: 'Math', functions: [] } } } }],
    ];
    for (const [name, body] of cases) {
      const reader = readers[name] as (raw: unknown) => unknown;
      expect(reader(otherShape(body))).toEqual(reader(body));
    }
  });
});
