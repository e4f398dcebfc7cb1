// The team chat page: the team loads, then sidebar, chat and Agent's Computer side by side (or the home-team card);
// below 640 px the sidebar and the computer open over the chat instead. It composes the teams, chat, computer,
// credentials and team editor features. The sidebar is a chunk of its own: a phone starts with it closed, and a wide
// screen keeps its place while it loads.
import { lazy, Suspense } from 'react';
import { Box, Card, CardContent, Paper, Typography } from '@mui/material';
import { TEAM_ID } from '../../../config/env';
import { useAppSelector } from '../../hooks';
import { DialogHostProvider } from '../../../components/DialogHost';
import { PageLoading } from '../../../components/PageLoading';
import { useNarrowScreen } from '../../../components/useNarrowScreen';
import { useGetTeamQuery } from '../../../services/api';
import { errorMessage } from '../../../services/apiErrors';
import { ChatPanel } from '../../../features/chat/components/ChatPanel';
import { WorkflowPanelSlot } from '../../../features/chat/workflowSlot';

import { AgentComputer } from '../../../features/computer/components/AgentComputer';
import { useComputerPanel } from '../../../features/computer/hooks/useComputerPanel';
import { CredentialsPrompt } from '../../../features/credentials/components/CredentialsPrompt';
import { selectSidebarOpen } from '../../../features/layout/layoutSelectors';
import { TEAM_NOT_FOUND, TeamErrorCard } from '../../../features/teams/components/TeamErrorCard';
import { SIDEBAR_WIDTH } from '../../../features/teams/components/sidebarWidth';
import { useChatSession } from '../../../features/teams/hooks/useChatSession';
import { useSidebarDefault } from '../../../features/teams/hooks/useSidebarDefault';

// A reply's workflow panel loads with the first reply that has a workflow.
const WorkflowPanel = lazy(() =>
  import('../../../features/workflow/components/WorkflowPanel').then((m) => ({ default: m.WorkflowPanel })),
);
const ChatSidebar = lazy(() => import('./ChatSidebar').then((m) => ({ default: m.ChatSidebar })));
const SidebarOverlay = lazy(() =>
  import('../../../features/teams/components/SidebarOverlay').then((m) => ({ default: m.SidebarOverlay })),
);

const SCREEN_HEIGHT = { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' };

function AccessDenied() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, mx: 'auto', mt: 8 }}>
      <CardContent>
        <Typography variant="h6" component="h1">
          Access Denied
        </Typography>
        <Typography color="text.secondary">This team is not available.</Typography>
      </CardContent>
    </Card>
  );
}

export function TeamChatPage({ teamId }: { teamId: string }) {
  const team = useGetTeamQuery(teamId);
  const { sessionId, homeTeam, loadingHistory, earlier } = useChatSession(teamId);
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const narrow = useNarrowScreen();
  const computer = useComputerPanel(sessionId, narrow);
  useSidebarDefault(homeTeam, narrow);

  if (teamId !== TEAM_ID) return <AccessDenied />;
  if (team.isLoading) return <PageLoading label="Loading team…" />;
  if (team.isError || !team.data)
    return <TeamErrorCard message={team.isError ? errorMessage(team.error, TEAM_NOT_FOUND) : null} />;

  const chat = (
    <WorkflowPanelSlot value={WorkflowPanel}>
      <ChatPanel teamId={teamId} homeTeam={homeTeam} loadingHistory={loadingHistory} earlier={earlier} />
    </WorkflowPanelSlot>
  );
  const sidebar = <ChatSidebar team={team.data} sessionId={sessionId} />;
  // The sidebar's box, so that the chat beside it does not move when it arrives.
  const sidebarPlace = narrow ? null : (
    <Box sx={{ width: SIDEBAR_WIDTH, maxWidth: '100%', flexShrink: 0, borderRight: 1, borderColor: 'divider' }} />
  );
  const agentComputer = <AgentComputer computer={computer} narrow={narrow} />;
  // The sidebar's dialogs live at the page: its tree remounts across 640 px and goes when it closes.
  return (
    <DialogHostProvider>
      <Box sx={{ display: 'flex', height: SCREEN_HEIGHT, minHeight: 0, position: 'relative', overflow: 'hidden' }}>
        {sidebarOpen && (
          <Suspense fallback={sidebarPlace}>{narrow ? <SidebarOverlay>{sidebar}</SidebarOverlay> : sidebar}</Suspense>
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {!homeTeam && <CredentialsPrompt team={team.data} />}
          {narrow && agentComputer}
          {homeTeam ? (
            <Paper
              variant="outlined"
              sx={{
                flex: 1,
                minHeight: 0,
                display: 'flex',
                width: '100%',
                maxWidth: 900,
                mx: 'auto',
                my: 2,
                borderRadius: 3,
              }}
            >
              {chat}
            </Paper>
          ) : (
            chat
          )}
        </Box>
        {!narrow && agentComputer}
      </Box>
    </DialogHostProvider>
  );
}
