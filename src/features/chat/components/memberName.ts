// A member response's display name (SPEC §3): its own name, a known agent's name, else "Team Member".
import type { MemberResponse } from '../../../../contract/types';

const KNOWN_AGENTS: Record<string, string> = {
  pr_analyst: 'PR Analyst',
  code_reviewer: 'Code Reviewer',
  security_auditor: 'Security Auditor',
  github_specialist: 'GitHub Specialist',
  tech_lead: 'Tech Lead',
};

export function memberName(response: MemberResponse): string {
  const named = response.member_name ?? response.agent_name;
  if (named && named.trim() !== '') return named;
  const id = (response.member_id ?? response.agent_id ?? '').toLowerCase().replace(/[\s-]+/g, '_');
  return KNOWN_AGENTS[id] ?? 'Team Member';
}
