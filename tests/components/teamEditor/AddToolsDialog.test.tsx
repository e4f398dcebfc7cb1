import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AddToolsDialog } from '../../../src/features/teamEditor/components/AddToolsDialog';
import { apiUrl, server, useMswServer } from '../../utils/msw';
import { renderWithProviders } from '../../utils/renderWithProviders';

useMswServer();

const example = (id: string) => ({ type: 'mcp', server_ids: [id] });

function serveCatalogues() {
  server.use(
    http.get(apiUrl('/agents/tools/available'), () =>
      HttpResponse.json({
        data: { available_tools: { calculator: { description: 'Arithmetic', functions: ['add'] } } },
      }),
    ),
    http.get(apiUrl('/agents/mcp/servers/available'), () =>
      HttpResponse.json({
        data: {
          available_mcp_servers: {
            n8n: {
              name: 'n8n',
              description: 'Workflow automation',
              requires_credentials: true,
              tool_config_example: example('n8n'),
              tools: ['search_nodes', 'validate_workflow'],
            },
            github: {
              name: 'GitHub',
              description: 'Repositories',
              requires_credentials: true,
              tool_config_example: example('github'),
              tools: [],
            },
            legacy: {
              name: 'Legacy',
              description: 'An older server answer without tools',
              requires_credentials: false,
              tool_config_example: example('legacy'),
            },
          },
        },
      }),
    ),
  );
}

function open() {
  const onAdd = jest.fn();
  const onClose = jest.fn();
  const view = renderWithProviders(<AddToolsDialog open onAdd={onAdd} onClose={onClose} />);
  return { ...view, onAdd, onClose };
}

describe('Add Tools dialog', () => {
  it('shows the tool names each MCP server offers, and nothing extra for servers without them', async () => {
    serveCatalogues();
    open();
    const list = await screen.findByRole('list', { name: 'MCP Servers' });
    const n8n = (await within(list).findByText('n8n')).closest('[role="button"]') as HTMLElement;
    expect(within(n8n).getByText('Tools: search_nodes, validate_workflow')).toBeInTheDocument();
    const github = within(list).getByText('GitHub').closest('[role="button"]') as HTMLElement;
    expect(within(github).queryByText(/Tools:/)).not.toBeInTheDocument();
    const legacy = within(list).getByText('Legacy').closest('[role="button"]') as HTMLElement;
    expect(within(legacy).getByText('An older server answer without tools')).toBeInTheDocument();
    expect(within(legacy).queryByText(/Tools:/)).not.toBeInTheDocument();
  });

  it('finds a server by one of its tool names and adds it as {type: "mcp", server_ids}', async () => {
    serveCatalogues();
    const { user, onAdd } = open();
    const list = await screen.findByRole('list', { name: 'MCP Servers' });
    await within(list).findByText('n8n');
    await user.type(screen.getByRole('textbox', { name: 'Search tools' }), 'validate_work');
    expect(within(list).queryByText('GitHub')).not.toBeInTheDocument();
    await user.click(within(list).getByText('n8n'));
    expect(onAdd).toHaveBeenCalledWith({ type: 'mcp', server_ids: ['n8n'] });
  });
});
