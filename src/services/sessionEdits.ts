// Optimistic session rename and delete: every cached session list holding the session, and the session itself, change
// at once and change back when the server refuses.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { baseApi } from './api';
import type { ChatSession, SessionPage } from '../../contract/types';

type Util = (typeof baseApi)['util'];
type ApiState = Parameters<Util['selectCachedArgsForQuery']>[0];

/** The part of RTK Query's mutation lifecycle an edit needs. */
interface Lifecycle {
  dispatch: ThunkDispatch<ApiState, unknown, UnknownAction>;
  getState: () => ApiState;
  queryFulfilled: Promise<unknown>;
}

interface SessionEdit {
  list: (page: SessionPage) => void;
  session?: (session: ChatSession) => void;
}

const isSession = (id: string) => (s: ChatSession) => (s.session_id ?? s.id) === id;

async function editSession(util: Util, id: string, edit: SessionEdit, lifecycle: Lifecycle): Promise<void> {
  const { dispatch, getState, queryFulfilled } = lifecycle;
  const state = getState();
  const patches = [
    ...util
      .selectCachedArgsForQuery(state, 'getTeamSessions')
      .map((args) => dispatch(util.updateQueryData('getTeamSessions', args, edit.list))),
    ...util
      .selectCachedArgsForQuery(state, 'getSessions')
      .map((args) => dispatch(util.updateQueryData('getSessions', args, edit.list))),
    ...(edit.session ? [dispatch(util.updateQueryData('getSession', id, edit.session))] : []),
  ];
  try {
    await queryFulfilled;
  } catch {
    // The caller reports the failure; the lists show what the server still holds.
    for (const patch of patches) patch.undo();
  }
}

/** `onQueryStarted` of renameSession and deleteSession, for `enhanceEndpoints`. */
export const optimisticSessionEdits = (util: Util) => ({
  renameSession: {
    onQueryStarted: ({ id, session_name }: { id: string; session_name: string }, lifecycle: Lifecycle) =>
      editSession(
        util,
        id,
        {
          list: (page) => {
            const session = page.sessions.find(isSession(id));
            if (session) session.session_name = session_name;
          },
          session: (session) => {
            session.session_name = session_name;
          },
        },
        lifecycle,
      ),
  },
  deleteSession: {
    onQueryStarted: (id: string, lifecycle: Lifecycle) =>
      editSession(
        util,
        id,
        {
          list: (page) => {
            const index = page.sessions.findIndex(isSession(id));
            if (index === -1) return;
            page.sessions.splice(index, 1);
            page.total = Math.max(0, page.total - 1);
          },
        },
        lifecycle,
      ),
  },
});
