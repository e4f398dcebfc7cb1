import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { apiJson } from '../../utils/apiShape';
import { KnowledgeUploadDialog } from '../../../src/features/knowledge/components/KnowledgeUploadDialog';
import { collectionName, isSupportedKnowledgeFile } from '../../../src/features/knowledge/knowledgeRules';
import { apiUrl, errorResponse, server, useMswServer } from '../../utils/msw';
import { renderWithProviders } from '../../utils/renderWithProviders';

useMswServer();

const member = { name: 'Research Agent', type: 'agent' };

function serve(upload: () => Response = () => apiJson({ data: { id: 'd1', name: 'notes.txt' } })) {
  const calls: string[] = [];
  const created: unknown[] = [];
  server.use(
    http.get(apiUrl('/knowledge/bases'), () =>
      apiJson({
        data: {
          total: 1,
          knowledge_bases: [{ id: 'kb-old', name: 'Old notes', description: '', vector_db: { collection: 'kb_old' } }],
        },
      }),
    ),
    http.post(apiUrl('/knowledge/bases'), async ({ request }) => {
      created.push(await request.json());
      calls.push('create');
      return apiJson({ data: { id: 'kb-new', name: 'x', description: '', vector_db: { collection: 'c' } } });
    }),
    http.post(apiUrl('/knowledge/bases/:id/documents/upload'), ({ params }) => {
      calls.push(`upload ${String(params.id)}`);
      return upload();
    }),
    http.post(apiUrl('/teams/t1/members/:index/knowledge-bases/:kb'), ({ params }) => {
      calls.push(`attach ${String(params.index)} ${String(params.kb)}`);
      return apiJson({ data: {} });
    }),
  );
  return { calls, created };
}

function open() {
  const onClose = jest.fn();
  const view = renderWithProviders(
    <KnowledgeUploadDialog open teamId="t1" member={member} memberIndex={1} onClose={onClose} />,
  );
  // The picker's accept filter is the browser's hint only; the dialog must refuse other types itself.
  const user = userEvent.setup({ applyAccept: false });
  return { ...view, user, onClose };
}

// jest-fixed-jsdom gives the test Node's FormData, which only takes Node's File; a browser has one realm.
const makeFile = (content: string, name: string, type = '') =>
  new NodeFile([content], name, { type }) as unknown as File;
const fileInput = () => screen.getByLabelText('Knowledge file');

describe('knowledge upload rules', () => {
  it('accepts .pdf and .txt in any letter case only', () => {
    expect(isSupportedKnowledgeFile('a.PDF')).toBe(true);
    expect(isSupportedKnowledgeFile('a.txt')).toBe(true);
    expect(isSupportedKnowledgeFile('a.docx')).toBe(false);
    expect(isSupportedKnowledgeFile('pdf')).toBe(false);
  });
  it('names the collection kb_{agent name with underscores}_{timestamp}', () => {
    expect(collectionName('Research  Agent', 1700000000000)).toBe('kb_Research_Agent_1700000000000');
  });
});

describe('Knowledge upload dialog', () => {
  it('shows "Only PDF and TXT files are supported" for a .docx', async () => {
    serve();
    const { user } = open();
    await user.upload(fileInput(), makeFile('x', 'report.docx'));
    expect(screen.getByText('Only PDF and TXT files are supported')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('creates a base, uploads, attaches it to the member, then shows success and Done resets', async () => {
    const { calls, created } = serve();
    const { user, onClose } = open();
    await user.upload(fileInput(), makeFile('hello', 'Notes.TXT', 'text/plain'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(screen.getAllByText('Knowledge uploaded successfully!').length).toBeGreaterThan(0);
    expect(calls).toEqual(['create', 'upload kb-new', 'attach 1 kb-new']);
    expect(created[0]).toMatchObject({
      name: 'Research Agent Knowledge',
      vector_db: { collection: expect.stringMatching(/^kb_Research_Agent_\d+$/) },
    });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('uploads into an existing base when one is chosen', async () => {
    const { calls } = serve();
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Use existing' }));
    await user.click(screen.getByRole('combobox', { name: 'Knowledge base' }));
    await user.click(await screen.findByRole('option', { name: 'Old notes' }));
    await user.upload(fileInput(), makeFile('%PDF', 'paper.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls).toEqual(['upload kb-old', 'attach 1 kb-old']));
  });

  it('shows the server message when the upload fails', async () => {
    serve(() => errorResponse(422, 'The PDF has no readable text'));
    const { user } = open();
    await user.upload(fileInput(), makeFile('%PDF', 'scan.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The PDF has no readable text')).toBeInTheDocument();
  });
});
