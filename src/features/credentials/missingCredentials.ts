// SPEC §4 credential check: servers named by the members' mcp tools that need credentials the user has not saved.
import type { ServerRequirement, Team, UserCredential } from '../../../contract/types';

function teamMcpServerIds(team: Pick<Team, 'members'>): string[] {
  const ids = team.members.flatMap((member) =>
    (member.agent_config?.tools ?? []).filter((tool) => tool.type === 'mcp').flatMap((tool) => tool.server_ids ?? []),
  );
  return [...new Set(ids)];
}

export function missingCredentialServers(
  team: Pick<Team, 'members'>,
  servers: readonly ServerRequirement[],
  saved: readonly UserCredential[],
): ServerRequirement[] {
  const used = new Set(teamMcpServerIds(team));
  const have = new Set(saved.map((c) => c.mcp_server_id));
  return servers.filter((s) => s.requires_credentials && used.has(s.id) && !have.has(s.id));
}
