// Keeps the chat and the URL in step: ?session= opens that session (the chat's history listener puts its stored
// messages in), a run's new session replaces the URL, earlier pages of a long session load on request, and
// initialMessage is sent once after 100 ms when there is no session yet.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { isAnyOf } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppStore } from '../../../app/hooks';
import { addAppListener } from '../../../app/listenerMiddleware';
import { useGetSessionMessagesInfiniteQuery } from '../../../services/api';
import {
  isReplayed,
  runCompleted,
  sendRequested,
  stopRequested,
  streamStarted,
} from '../../../services/socket/socketActions';
import { selectIsStreaming } from '../../chat/chatSelectors';
import { sessionOpened } from '../../chat/chatSlice';
import type { EarlierHistory } from '../../chat/chatTypes';

/** SPEC §9 initial message auto-submit delay. */
const INITIAL_MESSAGE_DELAY_MS = 100;

/** The session query parameter; the string "undefined" counts as absent (SPEC §2). */
function sessionParam(params: URLSearchParams): string | null {
  const value = params.get('session');
  return value && value !== 'undefined' ? value : null;
}

export function useChatSession(teamId: string) {
  const [params, setParams] = useSearchParams();
  const sessionId = sessionParam(params);
  const homeTeam = params.get('isHomeTeam') === 'true';
  const initialMessage = params.get('initialMessage');
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // Subscribes to the session's stored messages and pages through them; features/chat/historyListeners.ts puts them
  // in the chat.
  const history = useGetSessionMessagesInfiniteQuery(sessionId ? { sessionId } : skipToken);
  const initialSent = useRef(false);

  useEffect(() => {
    // Leaving for another session (or a new chat) stops following the reply being streamed; its run goes on on the
    // server and the reply shows, live or finished, when its session opens again. The run's own session is no leaving.
    const state = store.getState();
    if (selectIsStreaming(state) && state.chat.sessionId !== sessionId) dispatch(stopRequested({ leave: true }));
    dispatch(sessionOpened({ sessionId }));
  }, [dispatch, store, sessionId]);

  const { hasNextPage, isFetching, fetchNextPage } = history;
  const load = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);
  const { isFetchingNextPage: loading, isFetchNextPageError: failed } = history;
  const earlier = useMemo<EarlierHistory>(
    () => ({ available: hasNextPage, loading, failed, load }),
    [hasNextPage, loading, failed, load],
  );

  // SPEC §8: a failed history load is only logged; the chat stays usable.
  useEffect(() => {
    if (history.isError) console.warn('Team chat: could not load the session history', sessionId);
  }, [history.isError, sessionId]);

  // A run that created (or moved to) a session puts it in the URL as soon as it starts, so a reload (even mid-run)
  // shows the same conversation. The navigation waits for the next task: the reply renders first, and neither makes
  // one long task.
  useEffect(() => {
    const unsubscribe = dispatch(
      addAppListener({
        matcher: isAnyOf(streamStarted, runCompleted),
        effect: async (action, api) => {
          const adopted = (api.getState() as { chat: { sessionId: string | null } }).chat.sessionId;
          if (isReplayed(action) || !adopted) return;
          await api.delay(0);
          setParams(
            (current) => {
              if (sessionParam(current) === adopted) return current;
              const next = new URLSearchParams({ session: adopted });
              if (current.get('isHomeTeam') === 'true') next.set('isHomeTeam', 'true');
              return next;
            },
            { replace: true },
          );
        },
      }),
    );
    return () => unsubscribe({ cancelActive: true });
  }, [dispatch, setParams]);

  useEffect(() => {
    if (!initialMessage || sessionId || initialSent.current) return undefined;
    const timer = setTimeout(() => {
      initialSent.current = true;
      dispatch(sendRequested({ teamId, message: initialMessage, sessionId: null, fileIds: [], homeTeam }));
    }, INITIAL_MESSAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dispatch, teamId, initialMessage, sessionId, homeTeam]);

  return {
    sessionId,
    homeTeam,
    loadingHistory: sessionId !== null && history.isFetching && !history.currentData,
    earlier,
  };
}
