// Every field of the Edit Team Configuration dialog: Basic Information and Team Configuration (SPEC §3 team config).
import { Box, Stack, TextField } from '@mui/material';
import { historyRuns, reasoningMaxSteps, reasoningMinSteps } from '../numbers';
import { TEAM_MODES, TEAM_PROVIDERS, type TeamForm } from '../teamForm';
import { ExpandingTextField } from './ExpandingTextField';
import { NumberField, SectionTitle, SelectField, SwitchField } from './fields';

type Config = TeamForm['config'];

interface TeamFieldsProps {
  form: TeamForm;
  onChange: (patch: Partial<TeamForm>) => void;
}

export function TeamFields({ form, onChange }: TeamFieldsProps) {
  const c = form.config;
  const set = (patch: Partial<Config>) => onChange({ config: { ...c, ...patch } });
  const flag = (key: keyof Config, label: string) => (
    <SwitchField label={label} checked={Boolean(c[key])} onChange={(v) => set({ [key]: v })} />
  );
  return (
    <Stack spacing={1.5}>
      <SectionTitle>Basic Information</SectionTitle>
      <TextField
        label="Team Name"
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
      <SwitchField label="Public" checked={form.is_public} onChange={(is_public) => onChange({ is_public })} />

      <SectionTitle>Team Configuration</SectionTitle>
      <SelectField
        label="Mode"
        value={c.mode}
        options={TEAM_MODES}
        onChange={(mode) => set({ mode: mode as Config['mode'] })}
      />
      <SelectField
        label="Model Provider"
        value={c.model_provider}
        options={TEAM_PROVIDERS}
        onChange={(model_provider) => set({ model_provider })}
      />
      <TextField
        label="Model ID"
        value={c.model_id}
        onChange={(e) => set({ model_id: e.target.value })}
        size="small"
        fullWidth
      />
      <ExpandingTextField
        label="Instructions"
        value={c.instructions}
        onChange={(instructions) => set({ instructions })}
        minRows={4}
        maxRows={20}
      />
      <Box>
        {flag('markdown', 'Markdown')}
        {flag('enable_team_history', 'Team History')}
      </Box>
      {c.enable_team_history && (
        <NumberField
          label="History Runs"
          value={c.num_history_runs}
          parse={historyRuns}
          onChange={(v) => set({ num_history_runs: v })}
          min={1}
          max={10}
        />
      )}
      <Box>
        {flag('share_member_interactions', 'Share Member Interactions')}
        {flag('show_members_responses', 'Show Member Responses')}
        {flag('reasoning', 'Reasoning')}
      </Box>
      {c.reasoning && (
        <Stack direction="row" spacing={2}>
          <NumberField
            label="Reasoning Min Steps"
            value={c.reasoning_min_steps}
            parse={reasoningMinSteps}
            onChange={(v) => set({ reasoning_min_steps: v })}
            min={1}
            max={20}
          />
          <NumberField
            label="Reasoning Max Steps"
            value={c.reasoning_max_steps}
            parse={reasoningMaxSteps}
            onChange={(v) => set({ reasoning_max_steps: v })}
            min={1}
            max={20}
          />
        </Stack>
      )}
      <Box>
        {flag('debug_mode', 'Debug Mode')}
        {flag('monitoring', 'Monitoring')}
        {flag('telemetry', 'Telemetry')}
      </Box>
    </Stack>
  );
}
