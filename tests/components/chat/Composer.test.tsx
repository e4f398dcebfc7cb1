import { File as NodeFile } from 'node:buffer';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Composer } from '../../../src/features/chat/components/Composer';
import { selectAllMessages } from '../../../src/features/chat/chatSelectors';
import { alice } from '../../utils/fixtures';
import { apiUrl, server, useMswServer } from '../../utils/msw';
import { renderWithProviders, signedInState } from '../../utils/renderWithProviders';
import { startSocketServer } from '../../utils/socketServer';

useMswServer();

const TEAM = 't1';
const MB10 = 10_485_760;
// jest-fixed-jsdom gives Node's FormData, which only takes Node's File.
const makeFile = (name: string, size: number) => new NodeFile([new Uint8Array(size)], name) as unknown as File;

// The team socket accepts the connection and stays quiet: these tests are about the composer, not the stream.
beforeEach(() => {
  startSocketServer(/\/api\/v1\/teams\/t1\/ws/);
});

/** Uploads succeed; with `held`, only once that promise settles, so a test controls when they finish. */
function uploadsSucceed(held?: Promise<void>) {
  let n = 0;
  server.use(
    http.post(apiUrl(`/teams/${TEAM}/upload-files`), async ({ request }) => {
      const file = (await request.formData()).get('files') as File;
      if (held) await held;
      n += 1;
      return HttpResponse.json({
        data: {
          session_id: 's-up',
          successful_files: [{ file_id: `f${n}`, original_filename: file.name, size: file.size }],
        },
      });
    }),
  );
}

function renderComposer() {
  const view = renderWithProviders(<Composer teamId={TEAM} homeTeam={false} />, {
    preloadedState: signedInState(alice),
  });
  const box = screen.getByRole('textbox', { name: 'Message' });
  const userMessages = () => selectAllMessages(view.store.getState()).filter((m) => m.sender === 'user');
  return { ...view, box, userMessages };
}

describe('the chat composer', () => {
  it('sends the message on Enter and clears the box', async () => {
    const { user, box, userMessages } = renderComposer();
    await user.type(box, 'Build me a workflow{Enter}');
    expect(userMessages().map((m) => m.content)).toEqual(['Build me a workflow']);
    expect(box).toHaveValue('');
  });

  it('adds a line on Shift+Enter instead of sending', async () => {
    const { user, box, userMessages } = renderComposer();
    await user.type(box, 'first{Shift>}{Enter}{/Shift}second');
    expect(box).toHaveValue('first\nsecond');
    expect(userMessages()).toHaveLength(0);
  });

  it('cannot send an empty or whitespace-only message', async () => {
    const { user, box, userMessages } = renderComposer();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(userMessages()).toHaveLength(0);
  });

  it('cannot send or attach while a reply streams, and Stop ends the reply', async () => {
    const { user, box, store, userMessages } = renderComposer();
    await user.type(box, 'first{Enter}');
    expect(store.getState().chat.status).toBe('streaming');
    await user.type(box, 'second{Enter}');
    expect(userMessages().map((m) => m.content)).toEqual(['first']);
    expect(box).toHaveValue('second');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(store.getState().chat.status).toBe('idle');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('refuses each oversize file with its own toast line and keeps the others', async () => {
    uploadsSucceed();
    const { user } = renderComposer();
    await user.upload(screen.getByTestId('attach-input'), [
      makeFile('huge.bin', MB10 + 1),
      makeFile('big.mov', MB10 + 5),
      makeFile('ok.txt', MB10),
    ]);
    expect(await screen.findByText('• huge.bin is too large (max 10MB)')).toBeInTheDocument();
    expect(screen.getByText('• big.mov is too large (max 10MB)')).toBeInTheDocument();
    const chips = await screen.findAllByTestId('attachment');
    expect(chips.map((c) => c.textContent)).toEqual(['ok.txt']);
  });

  it('ignores a file already attached with the same name and size', async () => {
    uploadsSucceed();
    const { user } = renderComposer();
    const input = screen.getByTestId('attach-input');
    await user.upload(input, makeFile('notes.txt', 12));
    await waitFor(() => expect(screen.getByTestId('attachment')).toHaveAttribute('data-state', 'uploaded'));
    await user.upload(input, [makeFile('notes.txt', 12), makeFile('notes.txt', 13)]);
    await waitFor(() => expect(screen.getAllByTestId('attachment')).toHaveLength(2));
  });

  it('blocks sending while files upload, then sends their ids with the message', async () => {
    let release = () => {};
    uploadsSucceed(new Promise<void>((resolve) => (release = resolve)));
    const { user, box, userMessages } = renderComposer();
    await user.upload(screen.getByTestId('attach-input'), [makeFile('a.txt', 3), makeFile('b.txt', 4)]);
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove a.txt' })).toBeDisabled();
    await user.type(box, 'use these{Enter}');
    expect(await screen.findByText('Please wait for file uploads to complete.')).toBeInTheDocument();
    expect(userMessages()).toHaveLength(0);

    release();
    await waitFor(
      () => expect(screen.getAllByTestId('attachment').map((c) => c.dataset.state)).toEqual(['uploaded', 'uploaded']),
      { timeout: 3000 },
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(userMessages()[0]).toMatchObject({ content: 'use these', fileIds: ['f1', 'f2'] });
    expect(screen.queryAllByTestId('attachment')).toHaveLength(0);
  });

  it('marks a failed upload with -1, keeps uploading the rest, and drops the failed file after 2 s', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl(`/teams/${TEAM}/upload-files`), async ({ request }) => {
        const file = (await request.formData()).get('files') as File;
        calls += 1;
        if (file.name === 'bad.txt') return HttpResponse.json({ detail: 'Unsupported file' }, { status: 422 });
        return HttpResponse.json({
          data: { session_id: 's', successful_files: [{ file_id: 'good', original_filename: file.name, size: 1 }] },
        });
      }),
    );
    const { user } = renderComposer();
    await user.upload(screen.getByTestId('attach-input'), [makeFile('bad.txt', 1), makeFile('good.txt', 2)]);
    expect(await screen.findByText('bad.txt: Unsupported file')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId('attachment').map((c) => c.dataset.state)).toEqual(['failed', 'uploaded']),
    );
    expect(calls).toBe(2);
    await act(() => new Promise((r) => setTimeout(r, 2100)));
    expect(screen.getAllByTestId('attachment').map((c) => c.textContent)).toEqual(['good.txt']);
  });
});
