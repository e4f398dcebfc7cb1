// Add Tools: a search box over the Regular Tools and MCP Servers catalogues; picking one adds its tool entry.
import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useGetAvailableMcpServersQuery, useGetAvailableToolsQuery } from '../../../services/api';
import type { ToolEntry } from '../../../../contract/types';

interface AddToolsDialogProps {
  open: boolean;
  onClose: () => void;
  onAdd: (tool: ToolEntry) => void;
}

/** How often the dialog asks again while a tool server is still listing its tools. */
const PENDING_POLL_MS = 2_000;

const matches = (query: string, ...texts: string[]) => texts.some((t) => t.toLowerCase().includes(query));
/** Enough names to tell servers apart without turning a row into a wall of text. */
const MAX_TOOL_NAMES = 12;

function toolNames(tools: string[] | undefined): string | null {
  if (!tools?.length) return null;
  const shown = tools.slice(0, MAX_TOOL_NAMES).join(', ');
  return tools.length > MAX_TOOL_NAMES
    ? `Tools: ${shown} and ${tools.length - MAX_TOOL_NAMES} more`
    : `Tools: ${shown}`;
}

export function AddToolsDialog({ open, onClose, onAdd }: AddToolsDialogProps) {
  const [search, setSearch] = useState('');
  const tools = useGetAvailableToolsQuery(undefined, { skip: !open });
  const [listing, setListing] = useState(false);
  const servers = useGetAvailableMcpServersQuery(undefined, {
    skip: !open,
    pollingInterval: listing ? PENDING_POLL_MS : 0,
  });
  const anyPending = Object.values(servers.data?.available ?? {}).some((s) => s.tools_pending === true);
  if (anyPending !== listing) setListing(anyPending);
  const loading = tools.isLoading || servers.isLoading;
  const q = search.trim().toLowerCase();

  const regular = useMemo(
    () => Object.entries(tools.data?.available ?? {}).filter(([name, t]) => matches(q, name, t.description)),
    [tools.data, q],
  );
  const mcp = useMemo(
    () =>
      Object.entries(servers.data?.available ?? {}).filter(([id, s]) =>
        matches(q, id, s.name, s.description, ...(s.tools ?? [])),
      ),
    [servers.data, q],
  );
  // What this deployment cannot provide is not offered; it is listed with the reason, so nobody looks for it in vain.
  const missing = useMemo(
    () =>
      [
        ...Object.entries(tools.data?.unavailable ?? {}).map(([id, t]) => ({ key: `tool:${id}`, id, ...t })),
        ...Object.entries(servers.data?.unavailable ?? {}).map(([id, t]) => ({ key: `mcp:${id}`, id, ...t })),
      ].filter((t) => matches(q, t.id, t.name ?? '', t.description, t.reason)),
    [tools.data, servers.data, q],
  );
  const add = (tool: ToolEntry) => {
    onAdd(tool);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-tools-title">
      <DialogTitle id="add-tools-title">Add Tools</DialogTitle>
      <DialogContent>
        <TextField
          label="Search tools"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          fullWidth
          size="small"
          sx={{ mt: 1 }}
          autoFocus
        />
        {tools.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            Failed to fetch tools
          </Alert>
        )}
        {servers.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            Failed to fetch MCP servers
          </Alert>
        )}
        {loading && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }} role="status">
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">Loading tools…</Typography>
          </Stack>
        )}
        {!loading && (
          <>
            <List
              dense
              aria-label="Regular Tools"
              subheader={<ListSubheader disableSticky>Regular Tools</ListSubheader>}
            >
              {regular.map(([name, t]) => (
                <ListItemButton key={name} onClick={() => add({ type: name })}>
                  <ListItemText primary={name} secondary={t.description} />
                </ListItemButton>
              ))}
            </List>
            <List dense aria-label="MCP Servers" subheader={<ListSubheader disableSticky>MCP Servers</ListSubheader>}>
              {mcp.map(([id, s]) => (
                <ListItemButton key={id} onClick={() => add({ type: 'mcp', server_ids: [id] })}>
                  <ListItemText
                    primary={s.name}
                    secondary={
                      <>
                        {s.description}
                        {s.tools_pending === true && !s.tools?.length && (
                          <Box component="span" role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                            <CircularProgress size={12} aria-hidden />
                            Listing tools…
                          </Box>
                        )}
                        {toolNames(s.tools) && (
                          <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', fontFamily: 'monospace' }}>
                            {toolNames(s.tools)}
                          </Box>
                        )}
                      </>
                    }
                  />
                </ListItemButton>
              ))}
            </List>
            {missing.length > 0 && (
              <List
                dense
                aria-label="Not available here"
                subheader={<ListSubheader disableSticky>Not available here</ListSubheader>}
              >
                {missing.map((t) => (
                  <ListItem key={t.key} sx={{ color: 'text.disabled' }}>
                    <ListItemText primary={t.name ?? t.id} secondary={t.reason} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
