// A catalogue file for tests: the fake stdio server (with a credential passed as FAKE_TOKEN) and entries without transport.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface TestCatalogue {
  file: string;
  /** The file the fake server notes cancellations in. */
  logFile: string;
  remove(): Promise<void>;
}

const example = (id: string) => ({ type: 'mcp', server_ids: [id] });

/** `httpUrl`: adds an entry "remote" reached over Streamable HTTP with the token as a bearer header. */
export async function writeTestCatalogue(httpUrl?: string): Promise<TestCatalogue> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ats-mcp-'));
  const logFile = path.join(dir, 'fake-mcp.log');
  const catalogue = {
    mcp_servers: {
      fake: {
        name: 'Fake',
        description: 'The test server.',
        requires_credentials: false,
        credential_fields: [
          { key: 'FAKE_TOKEN', name: 'Token', type: 'token', required: false },
          { key: 'FAKE_URL', name: 'URL', type: 'url', required: false },
        ],
        tool_config_example: example('fake'),
        transport: {
          type: 'stdio',
          command: 'node',
          args: ['--import', 'tsx', './server/test/fakes/mcpServer.ts'],
          env: { FAKE_MCP_LOG: logFile },
          credential_env: { FAKE_TOKEN: 'FAKE_TOKEN' },
        },
      },
      locked: {
        name: 'Locked',
        description: 'Needs credentials to start.',
        requires_credentials: true,
        credential_fields: [{ key: 'FAKE_TOKEN', name: 'Token', type: 'token' }],
        tool_config_example: example('locked'),
        transport: { type: 'stdio', command: 'node', args: ['--import', 'tsx', './server/test/fakes/mcpServer.ts'] },
      },
      broken: {
        name: 'Broken',
        description: 'A command that does not exist.',
        requires_credentials: false,
        credential_fields: [],
        tool_config_example: example('broken'),
        transport: { type: 'stdio', command: './no/such/server' },
      },
      none: {
        name: 'None',
        description: 'Not connected in this deployment.',
        requires_credentials: false,
        credential_fields: [],
        tool_config_example: example('none'),
      },
      ...(httpUrl
        ? {
            remote: {
              name: 'Remote',
              description: 'The test server over Streamable HTTP.',
              requires_credentials: true,
              credential_fields: [{ key: 'REMOTE_TOKEN', name: 'Token', type: 'token' }],
              tool_config_example: example('remote'),
              transport: {
                type: 'http',
                url: httpUrl,
                credential_headers: { REMOTE_TOKEN: 'Authorization: Bearer {value}' },
              },
            },
          }
        : {}),
    },
    tools: {},
  };
  const file = path.join(dir, 'catalog.json');
  await writeFile(file, JSON.stringify(catalogue));
  return { file, logFile, remove: () => rm(dir, { recursive: true, force: true }) };
}
