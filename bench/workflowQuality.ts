// Figure 7, workflow quality: each request set through the built-in team (pacing off): answers whose workflow is
// valid by n8n-mcp's validator and covers every app and control-flow kind asked for, structural flaws, replies that
// only ask, and build time. The held-out sets are compared with the development sets they were split from.
import { percentile, round, type Figure } from '../server/bench/figure.ts';
import { loadCases, realPool, runCase, type CaseResult, type SetName } from '../server/bench/workflowQuality.ts';

const SETS: Array<{ set: SetName; label: string; against?: SetName }> = [
  { set: 'own', label: "the project's own requests" },
  { set: 'development', label: 'n8n.io template names, development set' },
  { set: 'heldout', label: 'n8n.io template names, held-out set', against: 'development' },
  { set: 'descriptionsDevelopment', label: 'n8n.io template descriptions, development set' },
  {
    set: 'descriptionsHeldout',
    label: 'n8n.io template descriptions, held-out set',
    against: 'descriptionsDevelopment',
  },
  { set: 'userDevelopment', label: 'requests written outside the builder, development set' },
  { set: 'userDevelopment2', label: 'requests written outside the builder, second development set' },
  {
    set: 'userDevelopment3',
    label: 'requests written outside the builder, third development set',
  },
  { set: 'userDevelopment4', label: 'requests written outside the builder, fourth development set' },
  { set: 'userDevelopment5', label: 'requests written outside the builder, fifth development set' },
  { set: 'userDevelopment6', label: 'requests written outside the builder, sixth development set' },
  { set: 'userDevelopment7', label: 'requests written outside the builder, seventh development set' },
  { set: 'userDevelopment8', label: 'requests written outside the builder, eighth development set' },
  { set: 'userDevelopment9', label: 'requests written outside the builder, ninth development set' },
  { set: 'userDevelopment10', label: 'requests written outside the builder, tenth development set' },
  { set: 'userDevelopment11', label: 'requests written outside the builder, eleventh development set' },
  {
    set: 'userDevelopment12',
    label: 'requests written outside the builder, twelfth development set (AI-builder prompts)',
  },
  {
    set: 'userDevelopment13',
    label: 'requests written outside the builder, thirteenth development set (forum and issue posts)',
  },
  {
    set: 'userDevelopment14',
    label: 'requests written outside the builder, fourteenth development set (business users)',
  },
  {
    set: 'userDevelopment15',
    label: 'requests written outside the builder, fifteenth development set (freelance job posts)',
  },
  {
    set: 'userDevelopment16',
    label: 'requests written outside the builder, sixteenth development set (terse phone messages)',
  },
  {
    set: 'userDevelopment17',
    label: "requests written outside the builder, seventeenth development set (engineers' specs)",
  },
  {
    set: 'userDevelopment18',
    label: 'requests written outside the builder, eighteenth development set (small-business owners)',
  },
  {
    set: 'userDevelopment19',
    label: 'requests written outside the builder, nineteenth development set (first prompts to a builder)',
  },
  {
    set: 'userDevelopment20',
    label: 'requests written outside the builder, twentieth development set (community forum help posts)',
  },
  {
    set: 'userDevelopment21',
    label: 'requests written outside the builder, twenty-first development set (technical issue reports)',
  },
  {
    set: 'userDevelopment22',
    label: 'requests written outside the builder, twenty-second development set (managers on Slack)',
  },
  {
    set: 'userDevelopment23',
    label: 'requests written outside the builder, twenty-third development set (text-to-workflow benchmark prompts)',
  },
  {
    set: 'userDevelopment24',
    label: 'requests written outside the builder, twenty-fourth development set (issues, Reddit and homelab posts)',
  },
  {
    set: 'userDevelopment25',
    label:
      'requests written outside the builder, twenty-fifth development set (shop owners on the phone, non-native English)',
  },
  {
    set: 'userDevelopment26',
    label: 'requests written outside the builder, twenty-sixth development set (engineers’ precise specs)',
  },
  {
    set: 'userDevelopment27',
    label:
      'requests written outside the builder, twenty-seventh development set (agency specs with a trigger line and steps)',
  },
  {
    set: 'userDevelopment28',
    label: 'requests written outside the builder, twenty-eighth development set (text-to-workflow evaluation prompts)',
  },
  {
    set: 'userDevelopment29',
    label: 'requests written outside the builder, twenty-ninth development set (issues, Reddit and forum posts)',
  },
  {
    set: 'userDevelopment30',
    label: 'requests written outside the builder, thirtieth development set (first-day chat requests)',
  },
  {
    set: 'userDevelopment31',
    label:
      'requests written outside the builder, thirty-first development set (ops leads asking in an #automation channel)',
  },
  {
    set: 'userDevelopment32',
    label:
      'requests written outside the builder, thirty-second development set (user stories with acceptance criteria)',
  },
  {
    set: 'userDevelopment33',
    label: 'requests written outside the builder, thirty-third development set (indie founders describing their stack)',
  },
  {
    set: 'userDevelopment34',
    label: 'requests written outside the builder, thirty-fourth development set (marketing and community managers)',
  },
  {
    set: 'userDevelopment35',
    label: 'requests written outside the builder, thirty-fifth development set (finance and back-office staff)',
  },
  {
    set: 'userDevelopment36',
    label: 'requests written outside the builder, thirty-sixth development set (requests dictated by voice)',
  },
  {
    set: 'userDevelopment37',
    label: 'requests written outside the builder, thirty-seventh development set (people operations and IT helpdesk)',
  },
  {
    set: 'userDevelopment38',
    label: 'requests written outside the builder, thirty-eighth development set (non-profits, schools and clinics)',
  },
  {
    set: 'userDevelopment39',
    label: 'requests written outside the builder, thirty-ninth development set (template-gallery style titles)',
  },
  {
    set: 'userDevelopment40',
    label: 'requests written outside the builder, fortieth development set (AI-agent and RAG builders)',
  },
  {
    set: 'userDevelopment41',
    label: 'requests written outside the builder, forty-first development set (e-commerce operators in shorthand)',
  },
  {
    set: 'userDevelopment42',
    label: 'requests written outside the builder, forty-second development set (data and reporting pipelines)',
  },
  {
    set: 'userDevelopment43',
    label:
      'requests written outside the builder, forty-third development set (n8n users asking in the community forum)',
  },
  {
    set: 'userDevelopment44',
    label:
      'requests written outside the builder, forty-fourth development set (support and customer-success operations)',
  },
  {
    set: 'userDevelopment45',
    label: 'requests written outside the builder, forty-fifth development set (one-line prompts)',
  },
  {
    set: 'userDevelopment46',
    label: 'requests written outside the builder, forty-sixth development set (DevOps, SRE and security tickets)',
  },
  {
    set: 'userDevelopment47',
    label: 'requests written outside the builder, forty-seventh development set (sales and RevOps CRM rules)',
  },
  {
    set: 'userDevelopment48',
    label: 'requests written outside the builder, forty-eighth development set (hobbyists and home-lab tinkerers)',
  },
  {
    set: 'userDevelopment49',
    label: 'requests written outside the builder, forty-ninth development set (business rules as decision lists)',
  },
  {
    set: 'userDevelopment50',
    label:
      'requests written outside the builder, fiftieth development set (office routines in e-mail, Excel and SharePoint)',
  },
  {
    set: 'userDevelopment51',
    label: 'requests written outside the builder, fifty-first development set (outlines with lettered sub-steps)',
  },
  {
    set: 'userDevelopment52',
    label: 'requests written outside the builder, fifty-second development set ("is it possible …?" questions)',
  },
  {
    set: 'userDevelopment53',
    label: 'requests written outside the builder, fifty-third development set (data-wrangling requests)',
  },
  {
    set: 'userDevelopment54',
    label: 'requests written outside the builder, fifty-fourth development set (AI media pipelines)',
  },
  {
    set: 'userDevelopment55',
    label: 'requests written outside the builder, fifty-fifth development set (exceptions and guard clauses)',
  },
  {
    set: 'userDevelopment56',
    label: 'requests written outside the builder, fifty-sixth development set (Zaps and Make scenarios to rebuild)',
  },
  {
    set: 'userDevelopment57',
    label: 'requests written outside the builder, fifty-seventh development set (industry jargon)',
  },
  {
    set: 'userDevelopment58',
    label: 'requests written outside the builder, fifty-eighth development set (field-mapping specs)',
  },
  {
    set: 'userDevelopment59',
    label: 'requests written outside the builder, fifty-ninth development set (typed fast on a phone)',
  },
  {
    set: 'userDevelopment60',
    label: 'requests written outside the builder, sixtieth development set (pseudo-code and YAML outlines)',
  },
  {
    set: 'userDevelopment61',
    label: 'requests written outside the builder, sixty-first development set (follow-ups, SLAs and escalations)',
  },
  {
    set: 'userDevelopment62',
    label: 'requests written outside the builder, sixty-second development set (freelancers and personal admin)',
  },
  {
    set: 'userDevelopment63',
    label: 'requests written outside the builder, sixty-third development set (builder-evaluation style prompts)',
  },
  {
    set: 'userDevelopment64',
    label: 'requests written outside the builder, sixty-fourth development set (forum and Reddit stories)',
  },
  {
    set: 'userDevelopment65',
    label: 'requests written outside the builder, sixty-fifth development set (first requests in everyday words)',
  },
  {
    set: 'userDevelopment66',
    label: 'requests written outside the builder, sixty-sixth development set (compound rules and second starts)',
  },
  {
    set: 'userDevelopment67',
    label:
      'requests written outside the builder, sixty-seventh development set (small-business owners in their own words)',
  },
  {
    set: 'userDevelopment68',
    label: 'requests written outside the builder, sixty-eighth development set (terse developer and DevOps requests)',
  },
  {
    set: 'userDevelopment69',
    label: 'requests written outside the builder, sixty-ninth development set (marketing, sales and content teams)',
  },
  {
    set: 'userDevelopment70',
    label: 'requests written outside the builder, seventieth development set (finance, HR and admin procedures)',
  },
  {
    set: 'userDevelopment71',
    label:
      'requests written outside the builder, seventy-first development set (e-commerce and customer-support operations)',
  },
  {
    set: 'userDevelopment72',
    label:
      'requests written outside the builder, seventy-second development set (IT administrators and security staff)',
  },
  {
    set: 'userDevelopment73',
    label: 'requests written outside the builder, seventy-third development set (data and analytics pipelines)',
  },
  {
    set: 'userDevelopment74',
    label:
      'requests written outside the builder, seventy-fourth development set (writers whose first language is not English)',
  },
  {
    set: 'userDevelopment75',
    label: 'requests written outside the builder, seventy-fifth development set (benchmark-style full specifications)',
  },
  {
    set: 'userDevelopment76',
    label: 'requests written outside the builder, seventy-sixth development set (forum, issue and Reddit posts)',
  },
  {
    set: 'userDevelopment77',
    label: 'requests written outside the builder, seventy-seventh development set (a new user’s first chat message)',
  },
  {
    set: 'userDevelopment78',
    label: 'requests written outside the builder, seventy-eighth development set (prompts to AI workflow builders)',
  },
  {
    set: 'userDevelopment79',
    label:
      'requests written outside the builder, seventy-ninth development set (staff of clinics, schools, charities and trades)',
  },
  {
    set: 'userDevelopment80',
    label: 'requests written outside the builder, eightieth development set (manual routines to automate)',
  },
  {
    set: 'userDevelopment81',
    label: 'requests written outside the builder, eighty-first development set (AI routing, extraction and agents)',
  },
  {
    set: 'userDevelopment82',
    label:
      'requests written outside the builder, eighty-second development set (error handling, retries, logs and summaries)',
  },
  {
    set: 'userDevelopment83',
    label: 'requests written outside the builder, eighty-third development set (terse requests in non-native English)',
  },
  {
    set: 'userDevelopment84',
    label: "requests written outside the builder, eighty-fourth development set (developers' technical specs)",
  },
  {
    set: 'userDevelopment85',
    label: 'requests written outside the builder, eighty-fifth development set (marketing and store operations)',
  },
  {
    set: 'userDevelopment86',
    label: 'requests written outside the builder, eighty-sixth development set (polite, conversational questions)',
  },
  {
    set: 'userDevelopment87',
    label: 'requests written outside the builder, eighty-seventh development set (operations admins, numbered steps)',
  },
  {
    set: 'userDevelopment88',
    label: 'requests written outside the builder, eighty-eighth development set (small business owners, at length)',
  },
  {
    set: 'userDevelopment89',
    label: 'requests written outside the builder, eighty-ninth development set (the manual process told as it is done)',
  },
  {
    set: 'userDevelopment90',
    label: 'requests written outside the builder, ninetieth development set (n8n users naming nodes and settings)',
  },
  {
    set: 'userDevelopment91',
    label:
      'requests written outside the builder, ninety-first development set (second-language English typed into a chat box)',
  },
  {
    set: 'userDevelopment92',
    label:
      'requests written outside the builder, ninety-second development set (tracker tickets: user story and acceptance criteria)',
  },
  {
    set: 'userDevelopment93',
    label:
      "requests written outside the builder, ninety-third development set (freelancers and agencies telling a client's need)",
  },
  {
    set: 'userDevelopment94',
    label: 'requests written outside the builder, ninety-fourth development set (a Zap or Make scenario to rebuild)',
  },
  {
    set: 'userDevelopment95',
    label:
      'requests written outside the builder, ninety-fifth development set (dictated to a phone, as speech-to-text writes it)',
  },
  {
    set: 'userDevelopment96',
    label:
      "requests written outside the builder, ninety-sixth development set (staff posting in a team's Slack channel)",
  },
  {
    set: 'userDevelopment97',
    label:
      'requests written outside the builder, ninety-seventh development set (operations rules, limits and exceptions)',
  },
  {
    set: 'userDevelopment98',
    label:
      'requests written outside the builder, ninety-eighth development set (data people naming fields, keys and formats)',
  },
  {
    set: 'userDevelopment99',
    label:
      'requests written outside the builder, ninety-ninth development set (asking for help in the n8n community forum)',
  },
  {
    set: 'userDevelopment100',
    label:
      'requests written outside the builder, hundredth development set (complete specifications written to test a builder)',
  },
  {
    set: 'userDevelopment101',
    label:
      'requests written outside the builder, hundred-and-first development set (more than one flow in one message)',
  },
  {
    set: 'userDevelopment102',
    label:
      'requests written outside the builder, hundred-and-second development set (non-technical staff naming tools generically)',
  },
  {
    set: 'userDevelopment103',
    label:
      'requests written outside the builder, hundred-and-third development set (operations rules decided by amounts, scores and ranges)',
  },
  {
    set: 'userDevelopment104',
    label:
      'requests written outside the builder, hundred-and-fourth development set (feature requests and questions in GitHub issues)',
  },
  {
    set: 'userDevelopment105',
    label:
      'requests written outside the builder, hundred-and-fifth development set (shop owners and freelancers typing fast on a phone)',
  },
  {
    set: 'userDevelopment106',
    label:
      "requests written outside the builder, hundred-and-sixth development set (a consultant's brief in numbered steps)",
  },
  {
    set: 'userDevelopment107',
    label:
      'requests written outside the builder, hundred-and-seventh development set (people typing into the chat box for the first time, each in their own voice)',
  },
  {
    set: 'userDevelopment108',
    label:
      'requests written outside the builder, hundred-and-eighth development set (follow-ups, chasers and escalations over days)',
  },
  {
    set: 'userDevelopment109',
    label:
      'requests written outside the builder, hundred-and-ninth development set (backend developers integrating their own APIs, queues and databases)',
  },
  {
    set: 'userDevelopment110',
    label:
      'requests written outside the builder, hundred-and-tenth development set (content pipelines with AI steps, approvals and scheduled posting)',
  },
  {
    set: 'userDevelopment111',
    label:
      'requests written outside the builder, hundred-and-eleventh development set (a problem or a goal said first, the steps to be inferred)',
  },
  {
    set: 'userDevelopment112',
    label:
      'requests written outside the builder, hundred-and-twelfth development set (sales, RevOps and finance: leads, deals, invoices, dunning, approvals)',
  },
  {
    set: 'userDevelopment113',
    label:
      'requests written outside the builder, hundred-and-thirteenth development set (HR, IT and office admins: onboarding, offboarding, access requests, leave)',
  },
  {
    set: 'userDevelopment114',
    label:
      'requests written outside the builder, hundred-and-fourteenth development set (descriptions written as for n8n’s template gallery: a title, who it is for, "How it works", set-up notes)',
  },
  {
    set: 'userDevelopment115',
    label:
      'requests written outside the builder, hundred-and-fifteenth development set (people in many trades, from logistics to clinics and farms, each describing one process of their team)',
  },
  {
    set: 'userDevelopment116',
    label:
      'requests written outside the builder, hundred-and-sixteenth development set (data carried between several systems: look up, enrich, match, sync only what changed, create or update)',
  },
  {
    set: 'userDevelopment117',
    label:
      'requests written outside the builder, hundred-and-seventeenth development set (people automating their own life and side projects: prices, feeds, habits, home lab, digests)',
  },
  {
    set: 'userDevelopment118',
    label:
      'requests written outside the builder, hundred-and-eighteenth development set (AI assistants and agents: chatbots over documents, agents with tools, extraction, drafts for approval)',
  },
  {
    set: 'userDevelopment119',
    label:
      'requests written outside the builder, hundred-and-nineteenth development set (people asking on a community forum: the business and what hurts first, then what they want, often as a question)',
  },
  {
    set: 'userDevelopment120',
    label:
      'requests written outside the builder, hundred-and-twentieth development set (descriptions written as for a marketplace of automation templates: a title, then what the workflow does step by step in prose)',
  },
  {
    set: 'userDevelopment121',
    label:
      'requests written outside the builder, hundred-and-twenty-first development set (short, hurried messages from busy operators: fragments, lower case, abbreviations, arrows and typos)',
  },
  {
    set: 'userDevelopment122',
    label:
      'requests written outside the builder, hundred-and-twenty-second development set (operations and back-office managers describing a process with several decisions, waits, reminders and who is told)',
  },
  {
    set: 'userDevelopment123',
    label:
      'requests written outside the builder, hundred-and-twenty-third development set (small-business owners and office staff writing in English as a second language: simple, sometimes wrong grammar)',
  },
  {
    set: 'userDevelopment124',
    label:
      'requests written outside the builder, hundred-and-twenty-fourth development set (a manager asking an ops colleague in chat: context, complaints, a correction mid-message, a question at the end)',
  },
  {
    set: 'userDevelopment125',
    label:
      'requests written outside the builder, hundred-and-twenty-fifth development set (structured requirement notes: a goal, then bullets or numbered lines for the trigger, steps, routes and edge cases)',
  },
  {
    set: 'userDevelopment126',
    label:
      "requests written outside the builder, hundred-and-twenty-sixth development set (workers in less-automated trades describing today's manual process in their own jargon: clinics, schools, churches, farms, law firms, dispatch)",
  },
  {
    set: 'userHeldout',
    label: 'requests written outside the builder, held-out set',
    against: 'userDevelopment',
  },
  {
    set: 'userHeldout2',
    label: 'requests written outside the builder, second held-out set (builder-evaluation prompts)',
    against: 'userDevelopment12',
  },
  {
    set: 'userHeldout3',
    label: 'requests written outside the builder, third held-out set (issue and Reddit posts)',
    against: 'userDevelopment13',
  },
  {
    set: 'userHeldout4',
    label: 'requests written outside the builder, fourth held-out set (first-day chat requests)',
    against: 'userDevelopment16',
  },
  {
    set: 'userHeldout5',
    label: 'requests written outside the builder, fifth held-out set (builder prompts, forum posts, chores)',
    against: 'userDevelopment20',
  },
];

const share = (results: CaseResult[], test: (r: CaseResult) => boolean) =>
  round((100 * results.filter(test).length) / results.length);

export async function workflowQualityBench(): Promise<Figure[]> {
  const pool = realPool();
  try {
    const warm = loadCases('own')[0]!;
    await runCase(warm, pool); // starts n8n-mcp and warms its node cache, as a running server has
    const results = new Map<SetName, CaseResult[]>();
    for (const { set } of SETS) {
      const list: CaseResult[] = [];
      for (const c of loadCases(set)) list.push(await runCase(c, pool));
      results.set(set, list);
    }
    const figures: Figure[] = [];
    for (const { set, label, against } of SETS) {
      const list = results.get(set)!;
      const ok = share(list, (r) => r.ok);
      const base = against ? share(results.get(against)!, (r) => r.ok) : undefined;
      figures.push(
        {
          name: `workflow quality (${label}): valid and covering`,
          value: ok,
          unit: '%',
          comparison: against
            ? { against: 'development set (valid and covering, %)', value: base!, target: '>= 90% and within 5 points' }
            : { against: `${list.filter((r) => r.ok).length} of ${list.length} requests`, value: list.length },
        },
        {
          name: `workflow quality (${label}): valid / covering / no structural flaw / questions only`,
          value: share(list, (r) => r.valid),
          unit: '%',
          comparison: {
            against: `covering ${share(list, (r) => r.covering)} %, no structural flaw ${share(list, (r) => r.structural)} %, questions only (%)`,
            value: share(list, (r) => r.questionsOnly),
          },
        },
        {
          name: `workflow build time (${label}), median / p95`,
          value: round(
            percentile(
              list.map((r) => r.buildMs),
              50,
            ),
          ),
          unit: 'ms',
          comparison: {
            against: 'p95 (ms)',
            value: round(
              percentile(
                list.map((r) => r.buildMs),
                95,
              ),
            ),
            target: 'median < 500 ms',
          },
        },
      );
    }
    return figures;
  } finally {
    await pool.close();
  }
}
