// What each team member answered, with short previews of its tools' output (about 5 rem each): shown while the reply
// streams, folded under "Member responses (n)" once it has finished.
import { memo } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { CollapsibleSection } from '../../../components/CollapsibleSection';
import { GradientAvatar } from '../../../components/GradientAvatar';
import type { MemberResponse } from '../../../../contract/types';
import { memberKey } from '../liveRun';
import { readableOutput } from '../toolResult';
import { toolOutput } from '../toolStatus';
import { Markdown } from './Markdown';
import { memberName } from './memberName';

function MemberCard({ response }: { response: MemberResponse }) {
  const name = memberName(response);
  const tools = response.tools ?? [];
  return (
    <Box data-testid="member-response" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <GradientAvatar seed={name} size={24}>
          {name[0]}
        </GradientAvatar>
        <Typography variant="subtitle2">{name}</Typography>
        {response.model && (
          <Typography variant="caption" color="text.secondary">
            {response.model}
          </Typography>
        )}
      </Stack>
      {response.content && <Markdown text={response.content} />}
      {tools.map((tool) => {
        const raw = toolOutput(tool);
        const output = raw ? readableOutput(raw) : null;
        return (
          <Box key={tool.tool_call_id} sx={{ mt: 0.75 }}>
            <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
              {tool.tool_name}
            </Typography>
            {output && (
              <Box
                component="pre"
                data-testid="member-tool-preview"
                // A preview that scrolls must be reachable from the keyboard.
                tabIndex={0}
                aria-label={`${tool.tool_name} output`}
                sx={{
                  m: 0,
                  maxHeight: '5rem',
                  overflow: 'auto',
                  fontSize: '0.75rem',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  bgcolor: 'action.hover',
                  p: 0.75,
                  borderRadius: 1,
                }}
              >
                {output}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

export const MemberResponses = memo(function MemberResponses({
  responses,
  open = true,
}: {
  responses: readonly MemberResponse[];
  open?: boolean;
}) {
  if (responses.length === 0) return null;
  return (
    <CollapsibleSection label="Member responses" title={`Member responses (${responses.length})`} defaultOpen={open}>
      {responses.map((response, i) => (
        <MemberCard key={`${memberKey(response)}-${i}`} response={response} />
      ))}
    </CollapsibleSection>
  );
});
