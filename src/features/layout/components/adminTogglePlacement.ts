// Where the admin-mode button goes: floating in the bottom-right corner on wide pages, in the header on the team chat
// (where the corners hold the composer and the sidebar) and on screens that use the header's small-screen menu.
import { matchPath, useLocation } from 'react-router';
import { useNarrowScreen } from '../../../components/useNarrowScreen';

/** MUI's md breakpoint, below which the header shows its collapsible menu. */
const HEADER_MENU_BELOW_PX = 900;

export function useAdminInHeader(): boolean {
  const onChat = matchPath('/teams/:teamId/chat', useLocation().pathname) !== null;
  const small = useNarrowScreen(HEADER_MENU_BELOW_PX);
  return onChat || small;
}
