import { screen, waitFor } from '@testing-library/react';
import { DownloadRecordingButton } from '../../../src/features/chat/components/DownloadRecordingButton';
import { adminUser } from '../../utils/fixtures';
import { renderWithProviders, signedInState } from '../../utils/renderWithProviders';

const chat = {
  messages: {
    ids: ['m1', 'm2'],
    entities: {
      m1: { id: 'm1', content: 'Post the weather to Slack', sender: 'user', timestamp: '2026-11-25T10:00:00.000Z' },
      m2: { id: 'm2', content: 'Here is your workflow', sender: 'team', timestamp: '2026-11-25T10:00:05.000Z' },
    },
  },
  sessionId: 's-snap',
  status: 'idle',
  run: null,
  error: null,
  insufficientCreditsOpen: false,
  failedUserMessageId: null,
  historyStart: null,
  liveSessionId: 's-snap',
};

const file = (name: string, body: string) => new File([body], name, { type: 'application/json' });

function adminState() {
  const state = signedInState(adminUser);
  return { ...state, auth: { ...state.auth!, adminMode: true } };
}

describe('the chat support tools', () => {
  it('are hidden outside admin mode', () => {
    renderWithProviders(<DownloadRecordingButton />, { preloadedState: signedInState(adminUser) });
    expect(screen.queryByRole('button', { name: 'Load snapshot' })).not.toBeInTheDocument();
  });

  it('"Load snapshot" restores the chat of a support snapshot into the running app', async () => {
    const { user, store } = renderWithProviders(<DownloadRecordingButton />, { preloadedState: adminState() });
    const snapshot = { format: 'agent-team-studio.support-snapshot', version: 1, route: '/teams/t/chat', chat };
    await user.upload(screen.getByLabelText('Support snapshot file'), file('snap.json', JSON.stringify(snapshot)));
    await waitFor(() => expect(store.getState().chat.sessionId).toBe('s-snap'));
    expect(store.getState().chat).toEqual(chat);
  });

  it('says why a file is not a snapshot, and changes nothing', async () => {
    const { user, store } = renderWithProviders(<DownloadRecordingButton />, { preloadedState: adminState() });
    const before = store.getState().chat;
    await user.upload(screen.getByLabelText('Support snapshot file'), file('notes.json', '{"format":"other"}'));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.json is not a support snapshot');
    await user.upload(screen.getByLabelText('Support snapshot file'), file('broken.json', '{'));
    expect(await screen.findByRole('alert')).toHaveTextContent('broken.json is not JSON.');
    expect(store.getState().chat).toBe(before);
  });
});
