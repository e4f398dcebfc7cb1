import { act, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { http, HttpResponse } from 'msw';
import { apiJson } from '../../utils/apiShape';
import type { Team, TeamUpdatePayload } from '../../../contract/types';
import { EditAgentDialog } from '../../../src/features/teamEditor/components/EditAgentDialog';
import { apiUrl, errorResponse, server, useMswServer } from '../../utils/msw';
import { renderWithProviders } from '../../utils/renderWithProviders';

useMswServer();

const members = [
  { name: 'Planner', type: 'agent', agent_config: { instructions: 'Plan the work' } },
  {
    name: 'Builder',
    type: 'agent',
    agent_config: { name: 'Workflow Builder', instructions: 'Build it', tools: [{ type: 'calculator' }] },
  },
];
const team = {
  id: 't1',
  name: 'Automation',
  description: 'Builds workflows',
  is_public: false,
  model_id: 'gpt-4o',
  owner_id: 'u1',
  members,
  config: { mode: 'coordinate', markdown: true, telemetry: true, members },
} as unknown as Team;

function servePut(respond: (body: TeamUpdatePayload) => Response = () => apiJson({ data: team })) {
  const bodies: TeamUpdatePayload[] = [];
  server.use(
    http.put(apiUrl('/teams/t1'), async ({ request }) => {
      const body = (await request.json()) as TeamUpdatePayload;
      bodies.push(body);
      return respond(body);
    }),
    http.get(apiUrl('/agents/tools/available'), () =>
      apiJson({
        data: {
          available_tools: {
            calculator: { description: 'Arithmetic', functions: ['add'] },
            web_search: { description: 'Search the web', functions: ['search'] },
          },
        },
      }),
    ),
    http.get(apiUrl('/agents/mcp/servers/available'), () =>
      apiJson({
        data: {
          available_mcp_servers: {
            github: {
              name: 'GitHub',
              description: 'Repositories',
              requires_credentials: true,
              tool_config_example: { type: 'mcp', server_ids: ['github'] },
            },
          },
        },
      }),
    ),
  );
  return bodies;
}

function open(memberIndex = 1) {
  const onClose = jest.fn();
  const view = renderWithProviders(<EditAgentDialog team={team} memberIndex={memberIndex} onClose={onClose} />);
  return { ...view, onClose };
}

const instructions = () => screen.getByRole('textbox', { name: 'Instructions' });

describe('Edit Agent dialog', () => {
  it('is titled with the agent name and shows the five sections with the agent defaults', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Edit Agent: Workflow Builder' })).toBeInTheDocument();
    for (const section of [
      'Basic Information',
      'Model Configuration',
      'Behavior Settings',
      'Memory & Knowledge',
      'Advanced Settings',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Model ID' })).toHaveValue('gpt-4o');
    expect(screen.getByRole('combobox', { name: 'Model Provider' })).toHaveTextContent('openai');
    expect(screen.getByRole('switch', { name: 'Search Knowledge' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Debug Mode' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Tool Call Limit' })).toHaveValue(null);
    expect(screen.queryByRole('spinbutton', { name: 'Reasoning Min Steps' })).not.toBeInTheDocument();
  });

  it('offers groq among the agent model providers', async () => {
    const { user } = open();
    await user.click(screen.getByRole('combobox', { name: 'Model Provider' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['openai', 'anthropic', 'google', 'meta', 'groq']);
  });

  it('shows the reasoning steps only when reasoning is on and clamps them to 1–20', async () => {
    const { user } = open();
    await user.click(screen.getByRole('switch', { name: 'Reasoning' }));
    const max = screen.getByRole('spinbutton', { name: 'Reasoning Max Steps' });
    await user.clear(max);
    await user.type(max, '42');
    await user.tab();
    expect(max).toHaveValue(20);
    await user.clear(max);
    await user.tab();
    expect(max).toHaveValue(10);
  });

  it('Cancel closes directly even with unsaved changes', async () => {
    const bodies = servePut();
    const { user, onClose } = open();
    await user.type(instructions(), ' carefully');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText('You have unsaved changes. What would you like to do?')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('closing without changes closes at once', async () => {
    const { user, onClose } = open();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('Keep Editing returns to the dialog with the edits kept', async () => {
    const { user, onClose } = open();
    await user.type(instructions(), ' carefully');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('You have unsaved changes. What would you like to do?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() =>
      expect(screen.queryByText('You have unsaved changes. What would you like to do?')).not.toBeInTheDocument(),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(instructions()).toHaveValue('Build it carefully');
  });

  it('Discard Changes closes without saving', async () => {
    const bodies = servePut();
    const { user, onClose } = open();
    await user.type(instructions(), ' carefully');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard Changes' }));
    expect(onClose).toHaveBeenCalled();
    expect(bodies).toHaveLength(0);
  });

  it('Save and Exit sends the team config with the edited member merged at its index, then closes', async () => {
    const bodies = servePut();
    const { user, onClose } = open();
    await user.type(instructions(), ' carefully');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Save and Exit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Agent configuration updated successfully!')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    const body = bodies[0]!;
    expect(body.name).toBe('Automation');
    expect(body.config?.mode).toBe('coordinate');
    expect(body.config?.members?.[0]).toEqual(members[0]);
    expect(body.config?.members?.[1]?.agent_config).toMatchObject({
      name: 'Workflow Builder',
      instructions: 'Build it carefully',
      tools: [{ type: 'calculator' }],
      tool_call_limit: null,
    });
  });

  it('Save and Exit that fails keeps the dialog open with the server message', async () => {
    servePut(() => errorResponse(403, 'Only the team owner can edit this team'));
    const { user, onClose } = open();
    await user.type(instructions(), '!');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Save and Exit' }));
    expect(await screen.findByText('Only the team owner can edit this team')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows "Failed to update agent configuration" when the server gives no message', async () => {
    servePut(() => new HttpResponse(null, { status: 500 }));
    const { user } = open();
    await user.type(instructions(), '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update agent configuration')).toBeInTheDocument();
  });
});

describe('tools editor', () => {
  async function codeEditor() {
    const dom = await waitFor(() => {
      const el = document.querySelector('.cm-editor');
      if (!el) throw new Error('editor not loaded');
      return el as HTMLElement;
    });
    return EditorView.findFromDOM(dom)!;
  }
  const typeJson = (view: EditorView, text: string) =>
    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));

  it('opens in JSON mode with the current tools and confirms a valid list', async () => {
    open();
    const view = await codeEditor();
    expect(JSON.parse(view.state.doc.toString())).toEqual([{ type: 'calculator' }]);
    expect(screen.getByText('Valid configuration with 1 tool(s)')).toBeInTheDocument();
  });

  it.each([
    ['[{"type":', 'Invalid JSON format'],
    ['{"type":"calculator"}', 'Tools must be an array'],
    ['[{"params":{}}]', 'Each tool must have a "type" field'],
  ])('refuses %s with "%s" and keeps the last valid tools', async (text, message) => {
    const bodies = servePut();
    const { user } = open();
    typeJson(await codeEditor(), text);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.type(instructions(), '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.config?.members?.[1]?.agent_config?.tools).toEqual([{ type: 'calculator' }]);
  });

  it('applies valid JSON to the saved tools', async () => {
    const bodies = servePut();
    const { user } = open();
    typeJson(await codeEditor(), '[{"type":"calculator"},{"type":"mcp","server_ids":["github"]}]');
    expect(await screen.findByText('Valid configuration with 2 tool(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.config?.members?.[1]?.agent_config?.tools).toEqual([
      { type: 'calculator' },
      { type: 'mcp', server_ids: ['github'] },
    ]);
  });

  it('list mode shows each tool, removes one, and Add Tools adds an MCP server as {type: "mcp", server_ids}', async () => {
    servePut();
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'List' }));
    const list = screen.getByRole('list', { name: 'Tools list' });
    expect(within(list).getByText('calculator')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tools' });
    expect(await within(dialog).findByText('web_search')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Search tools' }), 'git');
    expect(within(dialog).queryByText('web_search')).not.toBeInTheDocument();
    await user.click(within(dialog).getByText('GitHub'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Tools' })).not.toBeInTheDocument());
    expect(await within(list).findByText('mcp: github')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove calculator' }));
    expect(within(list).queryByText('calculator')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    const view = await codeEditor();
    expect(JSON.parse(view.state.doc.toString())).toEqual([{ type: 'mcp', server_ids: ['github'] }]);
  });
});
