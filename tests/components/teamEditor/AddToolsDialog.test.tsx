import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { apiJson } from '../../utils/apiShape';
import { AddToolsDialog } from '../../../src/features/teamEditor/components/AddToolsDialog';
import { apiUrl, server, useMswServer } from '../../utils/msw';
import { renderWithProviders } from '../../utils/renderWithProviders';

useMswServer();

const example = (id: string) => ({ type: 'mcp', server_ids: [id] });

function serveCatalogues() {
  server.use(
    http.get(apiUrl('/agents/tools/available'), () =>
      apiJson({
        data: { available_tools: { calculator: { description: 'Arithmetic', functions: ['add'] } } },
      }),
    ),
    http.get(apiUrl('/agents/mcp/servers/available'), () =>
      apiJson({
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

  it('lists what this deployment cannot provide with the reason, and does not offer it', async () => {
    serveCatalogues();
    server.use(
      http.get(apiUrl('/agents/tools/available'), () =>
        apiJson({
          data: {
            available_tools: { calculator: { description: 'Arithmetic', functions: ['add'] } },
            unavailable_tools: { email: { description: 'Send e-mails', reason: 'e-mail: set SMTP_URL' } },
          },
        }),
      ),
      http.get(apiUrl('/agents/mcp/servers/available'), () =>
        apiJson({
          data: {
            available_mcp_servers: {},
            unavailable_mcp_servers: {
              slack: {
                name: 'Slack',
                description: 'Team chat',
                reason: 'Slack: no server is connected in this deployment',
              },
            },
          },
        }),
      ),
    );
    const { user, onAdd } = open();
    const missing = await screen.findByRole('list', { name: 'Not available here' });
    expect(within(missing).getByText('e-mail: set SMTP_URL')).toBeInTheDocument();
    expect(within(missing).getByText('Slack: no server is connected in this deployment')).toBeInTheDocument();
    expect(within(missing).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Regular Tools' })).queryByText('email')).not.toBeInTheDocument();
    await user.click(within(missing).getByText('email'));
    expect(onAdd).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Search tools' }), 'smtp');
    expect(within(missing).queryByText('Slack')).not.toBeInTheDocument();
    expect(within(missing).getByText('email')).toBeInTheDocument();
  });

  it('shows a loading state, not empty lists, until both catalogues have answered', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    serveCatalogues();
    server.use(
      http.get(apiUrl('/agents/mcp/servers/available'), async () => {
        await answered;
        return apiJson({ data: { available_mcp_servers: {} } });
      }),
    );
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading tools…');
    expect(screen.queryByRole('list', { name: 'Regular Tools' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'MCP Servers' })).not.toBeInTheDocument();
    release();
    const regular = await screen.findByRole('list', { name: 'Regular Tools' });
    expect(within(regular).getByText('calculator')).toBeInTheDocument();
    expect(screen.queryByText('Loading tools…')).not.toBeInTheDocument();
  });

  it('says a server is still listing its tools and asks again until it has them', async () => {
    let asked = 0;
    serveCatalogues();
    server.use(
      http.get(apiUrl('/agents/mcp/servers/available'), () => {
        asked += 1;
        const ready = asked > 1;
        return apiJson({
          data: {
            available_mcp_servers: {
              n8n: {
                name: 'n8n',
                description: 'Workflow automation',
                requires_credentials: true,
                tool_config_example: example('n8n'),
                tools: ready ? ['search_nodes'] : [],
                ...(ready ? {} : { tools_pending: true }),
              },
            },
          },
        });
      }),
    );
    open();
    const list = await screen.findByRole('list', { name: 'MCP Servers' });
    const row = (await within(list).findByText('n8n')).closest('[role="button"]') as HTMLElement;
    expect(within(row).getByText('Listing tools…')).toBeInTheDocument();
    expect(await within(row).findByText('Tools: search_nodes', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(row).queryByText('Listing tools…')).not.toBeInTheDocument();
    const settled = asked;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(asked).toBe(settled);
  }, 15_000);
});
