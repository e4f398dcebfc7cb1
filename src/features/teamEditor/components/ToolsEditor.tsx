// Agent tools: JSON mode (default, a code editor; applied only when valid) or a list, plus the Add Tools dialog.
import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { ToolEntry } from '../../../../contract/types';
import { parseToolsJson, toolsToJson, validToolsMessage } from '../toolsJson';
import { AddToolsDialog } from './AddToolsDialog';

const JsonCodeEditor = lazy(() => import('./JsonCodeEditor'));

interface ToolsEditorProps {
  tools: ToolEntry[];
  onChange: (tools: ToolEntry[]) => void;
}

function toolLabel(tool: ToolEntry): string {
  return tool.type === 'mcp' && tool.server_ids?.length ? `mcp: ${tool.server_ids.join(', ')}` : tool.type;
}

export function ToolsEditor({ tools, onChange }: ToolsEditorProps) {
  const [mode, setMode] = useState<'json' | 'list'>('json');
  const [text, setText] = useState(() => toolsToJson(tools));
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const editText = (next: string) => {
    setText(next);
    const parsed = parseToolsJson(next);
    setError(parsed.ok ? null : parsed.error);
    if (parsed.ok) onChange(parsed.tools);
  };
  const replace = (next: ToolEntry[]) => {
    onChange(next);
    setText(toolsToJson(next));
    setError(null);
  };
  const valid = error === null ? validToolsMessage(tools.length) : null;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          Tools
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_e, v: 'json' | 'list' | null) => v && setMode(v)}
          aria-label="Tools editor mode"
        >
          <ToggleButton value="json">JSON</ToggleButton>
          <ToggleButton value="list">List</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" variant="outlined" onClick={() => setAdding(true)}>
          Add Tools
        </Button>
      </Box>
      {mode === 'json' ? (
        <Suspense fallback={<CircularProgress size={20} aria-label="Loading editor" />}>
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
            <JsonCodeEditor value={text} onChange={editText} />
          </Box>
        </Suspense>
      ) : (
        <List dense aria-label="Tools list">
          {tools.length === 0 && <Typography color="text.secondary">No tools configured</Typography>}
          {tools.map((tool, i) => (
            <ListItem
              key={`${tool.type}-${i}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${toolLabel(tool)}`}
                  onClick={() => replace(tools.filter((_t, j) => j !== i))}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={toolLabel(tool)} secondary={tool.description} />
            </ListItem>
          ))}
        </List>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {valid && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {valid}
        </Alert>
      )}
      <AddToolsDialog open={adding} onClose={() => setAdding(false)} onAdd={(tool) => replace([...tools, tool])} />
    </Box>
  );
}
