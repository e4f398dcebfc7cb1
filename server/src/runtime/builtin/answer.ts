// Home-team mode: the user asks which team to use; the answer names the team, so the client can link it.
import type { Team } from '../../../../contract/types.ts';

export function teamRecommendation(team: Team): string {
  return [
    `The **${team.name}** fits this request. ${team.description}`.trim(),
    '',
    `Team id: ${team.id}`,
    '',
    'Open its chat and describe the workflow you need: a trigger (schedule, webhook or incoming email) and the steps after it.',
  ].join('\n');
}
