import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { addAppListener } from '../../src/app/listenerMiddleware';
import { makeStore } from '../../src/app/store';
import { api } from '../../src/services/api';
import { teamFileUploadProgressed } from '../../src/services/endpoints/teams';
import { apiUrl, errorResponse, server, useMswServer } from '../utils/msw';

useMswServer();

// jest-fixed-jsdom gives the test Node's FormData, which only takes Node's File; a browser has one realm.
const makeFile = (content: string, name: string, type = '') =>
  new NodeFile([content], name, { type }) as unknown as File;

/** Records the progress actions the upload dispatches. */
function progressLog(store: ReturnType<typeof makeStore>) {
  const seen: number[] = [];
  store.dispatch(
    addAppListener({
      actionCreator: teamFileUploadProgressed,
      effect: ({ payload }) => void seen.push(payload.percent),
    }),
  );
  return seen;
}

describe('uploading a chat file', () => {
  it('posts one file in the multipart field "files" with the session and the bearer token', async () => {
    let received: { name?: string; field: string[]; auth: string | null; session: string | null } | undefined;
    server.use(
      http.post(apiUrl('/teams/t1/upload-files'), async ({ request }) => {
        const form = await request.formData();
        const file = form.get('files') as File;
        received = {
          name: file.name,
          field: [...form.keys()],
          auth: request.headers.get('authorization'),
          session: new URL(request.url).searchParams.get('session_id'),
        };
        return HttpResponse.json({
          data: {
            session_id: 's1',
            successful_files: [{ file_id: 'f1', original_filename: file.name, size: file.size }],
          },
        });
      }),
    );
    localStorage.setItem('token', 'tok');
    const store = makeStore();
    const file = makeFile('hello world', 'notes.txt', 'text/plain');
    const result = await store
      .dispatch(api.endpoints.uploadTeamFile.initiate({ teamId: 't1', file, sessionId: 's1', uploadId: 'u1' }))
      .unwrap();

    expect(received).toEqual({ name: 'notes.txt', field: ['files'], auth: 'Bearer tok', session: 's1' });
    expect(result.successful_files[0]).toMatchObject({ file_id: 'f1', original_filename: 'notes.txt' });
  });

  it('reports -1 progress and the server error when the upload is refused', async () => {
    server.use(http.post(apiUrl('/teams/t1/upload-files'), () => errorResponse(413, 'File too large')));
    const store = makeStore();
    const seen = progressLog(store);
    const file = makeFile('x', 'big.bin');
    const outcome = await store.dispatch(api.endpoints.uploadTeamFile.initiate({ teamId: 't1', file, uploadId: 'u2' }));
    expect('error' in outcome && outcome.error).toMatchObject({ status: 413, data: { detail: 'File too large' } });
    expect(seen).toContain(-1);
  });
});
