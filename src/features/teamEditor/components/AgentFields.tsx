// Every field of the Edit Agent dialog, in the five sections of SPEC §2, plus the tools editor.
import { Box, Stack, TextField } from '@mui/material';
import { AGENT_PROVIDERS, type AgentForm } from '../agentForm';
import { reasoningMaxSteps, reasoningMinSteps, toolCallLimit } from '../numbers';
import { ExpandingTextField } from './ExpandingTextField';
import { NumberField, SectionTitle, SelectField, SwitchField } from './fields';
import { ToolsEditor } from './ToolsEditor';

interface AgentFieldsProps {
  form: AgentForm;
  onChange: (patch: Partial<AgentForm>) => void;
}

export function AgentFields({ form, onChange }: AgentFieldsProps) {
  const flag = (key: keyof AgentForm, label: string) => (
    <SwitchField label={label} checked={Boolean(form[key])} onChange={(v) => onChange({ [key]: v })} />
  );
  return (
    <Stack spacing={1.5}>
      <SectionTitle>Basic Information</SectionTitle>
      <TextField
        label="Name"
        value={form.name}
        onChange={(e) => onChange({ name: e.target.value })}
        size="small"
        fullWidth
      />
      <ExpandingTextField
        label="Description"
        value={form.description}
        onChange={(description) => onChange({ description })}
        minRows={3}
        maxRows={8}
      />

      <SectionTitle>Model Configuration</SectionTitle>
      <SelectField
        label="Model Provider"
        value={form.model_provider}
        options={AGENT_PROVIDERS}
        onChange={(model_provider) => onChange({ model_provider })}
      />
      <TextField
        label="Model ID"
        value={form.model_id}
        onChange={(e) => onChange({ model_id: e.target.value })}
        size="small"
        fullWidth
      />

      <SectionTitle>Behavior Settings</SectionTitle>
      <ExpandingTextField
        label="Instructions"
        value={form.instructions}
        onChange={(instructions) => onChange({ instructions })}
        minRows={5}
        maxRows={25}
      />
      <TextField
        label="Expected Output"
        value={form.expected_output}
        onChange={(e) => onChange({ expected_output: e.target.value })}
        size="small"
        fullWidth
        multiline
      />
      <Box>
        {flag('markdown', 'Markdown')}
        {flag('show_tool_calls', 'Show Tool Calls')}
        {flag('reasoning', 'Reasoning')}
      </Box>
      {form.reasoning && (
        <Stack direction="row" spacing={2}>
          <NumberField
            label="Reasoning Min Steps"
            value={form.reasoning_min_steps}
            parse={reasoningMinSteps}
            onChange={(v) => onChange({ reasoning_min_steps: v })}
            min={1}
            max={20}
          />
          <NumberField
            label="Reasoning Max Steps"
            value={form.reasoning_max_steps}
            parse={reasoningMaxSteps}
            onChange={(v) => onChange({ reasoning_max_steps: v })}
            min={1}
            max={20}
          />
        </Stack>
      )}

      <SectionTitle>Memory & Knowledge</SectionTitle>
      <Box>
        {flag('enable_agentic_memory', 'Agentic Memory')}
        {flag('enable_user_memories', 'User Memories')}
        {flag('search_knowledge', 'Search Knowledge')}
        {flag('add_references', 'Add References')}
      </Box>

      <SectionTitle>Advanced Settings</SectionTitle>
      <Box>
        {flag('debug_mode', 'Debug Mode')}
        {flag('add_datetime_to_instructions', 'Add Date/Time to Instructions')}
        {flag('parse_response', 'Parse Response')}
        {flag('use_json_mode', 'JSON Mode')}
        {flag('add_context', 'Add Context')}
      </Box>
      <NumberField
        label="Tool Call Limit"
        value={form.tool_call_limit}
        parse={toolCallLimit}
        onChange={(v) => onChange({ tool_call_limit: v })}
        min={0}
        helperText="Empty means no limit"
      />

      <ToolsEditor tools={form.tools} onChange={(tools) => onChange({ tools })} />
    </Stack>
  );
}
