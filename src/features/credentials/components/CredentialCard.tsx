// One saved credential: its server, configured fields labelled by their names (secrets masked) and Update / Delete.
// A long value (a URL) stays on one line, cut with an ellipsis and shown whole on hover, never broken mid-word.
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { CredentialField, UserCredential } from '../../../../contract/types';

interface CredentialCardProps {
  credential: UserCredential;
  /** The server's field definitions, for their names; a field the server no longer lists shows its key. */
  fields?: readonly CredentialField[];
  onUpdate: () => void;
  onDelete: () => void;
}

export function CredentialCard({ credential, fields = [], onUpdate, onDelete }: CredentialCardProps) {
  const values = Object.entries(credential.configured_fields);
  const label = (key: string) => fields.find((f) => f.key === key)?.name ?? key;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`${credential.server_name} credentials`}
      sx={{ minWidth: 0 }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{credential.server_name}</Typography>
        {values.map(([key, value]) => (
          <Typography key={key} variant="body2" color="text.secondary" noWrap title={value}>
            {label(key)}: {value}
          </Typography>
        ))}
      </CardContent>
      <CardActions>
        <Button size="small" onClick={onUpdate} aria-label={`Update ${credential.server_name} credentials`}>
          Update
        </Button>
        <Button
          size="small"
          color="error"
          onClick={onDelete}
          aria-label={`Delete ${credential.server_name} credentials`}
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
