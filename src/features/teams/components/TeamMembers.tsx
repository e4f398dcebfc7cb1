// "Team Members": name, initial and role (else "Agent" for agents, "Team" otherwise), and what the page puts at the end
// of each row (the owner's edit and upload buttons).
import type { ComponentType } from 'react';
import { Avatar, List, ListItem, ListItemAvatar, ListItemText } from '@mui/material';
import type { TeamMember } from '../../../../contract/types';
import { SidebarSection } from './SidebarSection';

export type MemberActionsComponent = ComponentType<{ member: TeamMember; memberIndex: number }>;

function memberRole(member: TeamMember): string {
  if (member.role && member.role.trim() !== '') return member.role;
  return (member.type ?? 'agent') === 'agent' ? 'Agent' : 'Team';
}

interface TeamMembersProps {
  members: readonly TeamMember[];
  memberActions?: MemberActionsComponent;
}

export function TeamMembers({ members, memberActions: MemberActions }: TeamMembersProps) {
  return (
    <SidebarSection title="Team Members" count={members.length}>
      <List dense disablePadding sx={{ maxHeight: 230, overflowY: 'auto' }}>
        {members.map((member, i) => (
          <ListItem
            key={`${member.name}-${i}`}
            disableGutters
            secondaryAction={MemberActions && <MemberActions member={member} memberIndex={i} />}
            // Room for both owner buttons, so a long role never runs under them.
            sx={{ pr: 9 }}
          >
            <ListItemAvatar sx={{ minWidth: 40 }}>
              <Avatar sx={{ width: 28, height: 28, fontSize: 14 }}>{(member.name[0] ?? '?').toUpperCase()}</Avatar>
            </ListItemAvatar>
            <ListItemText primary={member.name} secondary={memberRole(member)} />
          </ListItem>
        ))}
      </List>
    </SidebarSection>
  );
}
