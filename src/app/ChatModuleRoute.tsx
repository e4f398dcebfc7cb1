// The team chat route's entry, loaded with its chunk: installs the chat module, then shows the chat once this store
// holds the chat state.
import { useEffect } from 'react';
import { PageLoading } from '../components/PageLoading';
import { chatModuleLoaded, installChatModule } from '../features/chat/chatModule';
import { TeamChatRoute } from './routes/TeamChatRoute';
import { useAppDispatch, useAppSelector } from './hooks';
import type { RootState } from './store';

installChatModule();

export function ChatModuleRoute() {
  const dispatch = useAppDispatch();
  const ready = useAppSelector((state) => (state as Partial<RootState>).chat !== undefined);
  // The injected reducer fills its state on the next action; this store may not have seen one since.
  useEffect(() => {
    if (!ready) dispatch(chatModuleLoaded());
  }, [ready, dispatch]);
  return ready ? <TeamChatRoute /> : <PageLoading />;
}
