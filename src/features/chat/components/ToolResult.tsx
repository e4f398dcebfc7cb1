// A tool's output made readable: its Markdown before its (indented) JSON, "Step N" reasoning blocks, or plain Markdown (toolResult.ts).
import { Box, Stack, Typography } from '@mui/material';
import { parseToolResult, type ReasoningStep } from '../toolResult';
import { Markdown } from './Markdown';

function StepBlock({ step }: { step: ReasoningStep }) {
  const rows: Array<[string, string]> = [
    ['Reasoning', step.reasoning],
    ['Action', step.action],
    ['Confidence', step.confidence],
  ];
  return (
    <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
      <Typography variant="subtitle2">
        Step {step.number}
        {step.title ? `: ${step.title}` : ''}
      </Typography>
      {rows
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <Typography key={label} variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            <strong>{label}:</strong> {value}
          </Typography>
        ))}
    </Box>
  );
}

export function ToolResult({ output }: { output: string }) {
  const view = parseToolResult(output);
  if (view.kind === 'json') {
    return (
      <Stack spacing={1}>
        {view.markdown && <Markdown text={view.markdown} />}
        <Box component="pre" sx={{ m: 0, fontSize: '0.8rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {JSON.stringify(view.data, null, 2)}
        </Box>
      </Stack>
    );
  }
  if (view.kind === 'steps') {
    return (
      <Stack spacing={1}>
        {view.intro && <Markdown text={view.intro} />}
        {view.steps.map((step, i) => (
          <StepBlock key={`${step.number}-${i}`} step={step} />
        ))}
      </Stack>
    );
  }
  return <Markdown text={view.text} />;
}
