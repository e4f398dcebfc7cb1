import { nodeKind, toDiagram, typeLabel, type WorkflowDiagram } from '../../../src/features/workflow/workflowGraph';
import { layoutDiagram, type Box } from '../../../src/features/workflow/workflowLayout';
import { branchingWorkflow } from '../../fixtures/workflows/branches';

const diagram = toDiagram(branchingWorkflow)!;
const nameOf = (id: string) => diagram.nodes.find((n) => n.id === id)?.name;
const edges = (d: WorkflowDiagram = diagram) =>
  d.edges.map(
    (e) => `${nameOf(e.source)} -> ${nameOf(e.target)}${e.label ? ` [${e.label}]` : ''}${e.ai ? ' (ai)' : ''}`,
  );

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('workflow diagram model', () => {
  it('classifies nodes as trigger, flow, AI sub-node or action, with a short type label', () => {
    expect(
      [
        'n8n-nodes-base.scheduleTrigger',
        'n8n-nodes-base.webhook',
        '@n8n/n8n-nodes-langchain.chatTrigger',
        'n8n-nodes-base.emailReadImap',
      ].map(nodeKind),
    ).toEqual(['trigger', 'trigger', 'trigger', 'trigger']);
    expect(
      [
        'n8n-nodes-base.if',
        'n8n-nodes-base.switch',
        'n8n-nodes-base.merge',
        'n8n-nodes-base.splitInBatches',
        'n8n-nodes-base.filter',
        'n8n-nodes-base.wait',
      ].map(nodeKind),
    ).toEqual(Array(6).fill('flow'));
    expect(
      [
        '@n8n/n8n-nodes-langchain.lmChatOpenAi',
        '@n8n/n8n-nodes-langchain.toolCalculator',
        '@n8n/n8n-nodes-langchain.memoryBufferWindow',
        '@n8n/n8n-nodes-langchain.outputParserStructured',
        '@n8n/n8n-nodes-langchain.embeddingsOpenAi',
      ].map(nodeKind),
    ).toEqual(Array(5).fill('ai'));
    expect(nodeKind('n8n-nodes-base.slack')).toBe('action');
    expect(nodeKind('@n8n/n8n-nodes-langchain.agent')).toBe('action');
    expect(typeLabel('n8n-nodes-base.slack')).toBe('Slack');
    expect(typeLabel('n8n-nodes-base.httpRequest')).toBe('HTTP Request');
    expect(typeLabel('n8n-nodes-base.googleSheets')).toBe('Google Sheets');
    expect(typeLabel('@n8n/n8n-nodes-langchain.lmChatOpenAi')).toBe('Chat OpenAI');
  });

  it('labels If, Switch (named, numbered and fallback), SplitInBatches and Merge connections', () => {
    const list = edges();
    expect(list).toContain('Is VIP? -> Route [true]');
    expect(list).toContain('Is VIP? -> Batches [false]');
    expect(list).toContain('Route -> Slack [Sales]');
    expect(list).toContain('Route -> Format [Output 1]');
    expect(list).toContain('Route -> Merge [Fallback]');
    expect(list).toContain('Format -> Merge [Input 1]');
    expect(list).toContain('Batches -> AI Agent [done]');
    expect(list).toContain('Batches -> Batches [loop]');
    expect(list).toContain('Webhook -> Is VIP?');
  });

  it('labels the inputs and the output taken of Compare Datasets', () => {
    const compared = toDiagram({
      nodes: [
        { name: 'Mailchimp', type: 'n8n-nodes-base.mailchimp', parameters: {} },
        { name: 'Stripe', type: 'n8n-nodes-base.stripe', parameters: {} },
        { name: 'Compare', type: 'n8n-nodes-base.compareDatasets', parameters: {} },
        { name: 'Email', type: 'n8n-nodes-base.emailSend', parameters: {} },
      ],
      connections: {
        Mailchimp: { main: [[{ node: 'Compare', type: 'main', index: 0 }]] },
        Stripe: { main: [[{ node: 'Compare', type: 'main', index: 1 }]] },
        Compare: { main: [[], [], [], [{ node: 'Email', type: 'main', index: 0 }]] },
      },
    })!;
    const names = (id: string) => compared.nodes.find((n) => n.id === id)?.name;
    expect(compared.edges.map((e) => `${names(e.source)} -> ${names(e.target)} [${e.label}]`)).toEqual([
      'Mailchimp -> Compare [Input A]',
      'Stripe -> Compare [Input B]',
      'Compare -> Email [In B only]',
    ]);
    expect(nodeKind('n8n-nodes-base.compareDatasets')).toBe('flow');
  });

  it('draws ai_* connections from the sub-node into the agent and counts those nodes as AI sub-nodes', () => {
    const list = edges();
    expect(list).toEqual(
      expect.arrayContaining([
        'OpenAI Chat Model -> AI Agent (ai)',
        'Memory -> AI Agent (ai)',
        'Calculator -> AI Agent (ai)',
      ]),
    );
    const custom = toDiagram({
      nodes: [
        { name: 'Helper', type: 'x.custom' },
        { name: 'Agent', type: 'x.agent' },
      ],
      connections: { Helper: { ai_tool: [[{ node: 'Agent' }]] } },
    })!;
    expect(custom.nodes[0]!.kind).toBe('ai');
  });

  it('skips connections from or to unknown nodes, sticky notes and malformed entries', () => {
    expect(edges().some((e) => e.includes('Nowhere') || e.includes('Ghost'))).toBe(false);
    expect(diagram.nodes.map((n) => n.name)).not.toContain('Note');
    const odd = toDiagram({
      nodes: [null, 7, { type: 'n8n-nodes-base.set' }, { name: 'A' }],
      connections: { A: { main: [null, [{ node: 3 }], 'x'] }, B: 5 },
    })!;
    expect(odd.nodes.map((n) => n.name)).toEqual(['(unnamed node)', 'A']);
    expect(odd.edges).toEqual([]);
  });

  it('is null for JSON that is not a workflow', () => {
    expect(toDiagram(null)).toBeNull();
    expect(toDiagram({ nodes: {}, connections: {} })).toBeNull();
    expect(toDiagram({ nodes: [], connections: [] })).toBeNull();
  });
});

describe('workflow diagram layout', () => {
  it("keeps the workflow's own positions when no two nodes overlap", () => {
    const own = toDiagram({
      nodes: [
        { name: 'A', type: 'n8n-nodes-base.manualTrigger', position: [240, 300] },
        { name: 'B', type: 'n8n-nodes-base.slack', position: [460, 300] },
      ],
      connections: { A: { main: [[{ node: 'B', type: 'main', index: 0 }]] } },
    })!;
    const boxes = layoutDiagram(own);
    expect(boxes.get('n0')).toMatchObject({ x: 240, y: 300 });
    expect(boxes.get('n1')).toMatchObject({ x: 460, y: 300 });
  });

  it('lays out left to right without overlaps when positions collide or are missing, sub-nodes under their agent', () => {
    const boxes = layoutDiagram(diagram);
    expect(boxes.size).toBe(diagram.nodes.length);
    const all = [...boxes.values()];
    all.forEach((a, i) => all.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
    const at = (name: string) => boxes.get(diagram.nodes.find((n) => n.name === name)!.id)!;
    expect(at('Webhook').x).toBeLessThan(at('Is VIP?').x);
    expect(at('Is VIP?').x).toBeLessThan(at('Slack').x);
    expect(at('OpenAI Chat Model').y).toBeGreaterThan(at('AI Agent').y + at('AI Agent').height);
    const missing = toDiagram({
      nodes: [
        { name: 'A', type: 't' },
        { name: 'B', type: 't', position: [0, 0] },
      ],
      connections: {},
    })!;
    const [a, b] = [...layoutDiagram(missing).values()];
    expect(overlaps(a!, b!)).toBe(false);
  });

  it('lays out a large branching workflow without overlaps', () => {
    const nodes = Array.from({ length: 120 }, (_, i) => ({
      name: `N${i}`,
      type: i % 5 === 0 ? 'n8n-nodes-base.if' : 'n8n-nodes-base.set',
    }));
    const link = (i: number) => [{ node: `N${Math.min(119, i)}`, type: 'main', index: 0 }];
    const connections = Object.fromEntries(
      nodes.slice(0, -1).map((_, i) => [`N${i}`, { main: [link(i + 1), link(i + 4)] }]),
    );
    const all = [...layoutDiagram(toDiagram({ nodes, connections })!).values()];
    expect(all).toHaveLength(120);
    all.forEach((a, i) => all.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
  });
});
