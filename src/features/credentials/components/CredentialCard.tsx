// One saved credential: its server, configured fields (secrets masked) and Update / Delete.
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { UserCredential } from '../../../services/contract';

export function CredentialCard({ credential, onUpdate, onDelete }: { credential: UserCredential; onUpdate: () => void; onDelete: () => void }) {
  const fields = Object.entries(credential.configured_fields);
  return (
    <Card variant="outlined" component="article" aria-label={`${credential.server_name} credentials`}>
      <CardContent sx={{ pb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{credential.server_name}</Typography>
        {fields.map(([key, value]) => (
          <Typography key={key} variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {key}: {value}
          </Typography>
        ))}
      </CardContent>
      <CardActions>
        <Button size="small" onClick={onUpdate} aria-label={`Update ${credential.server_name} credentials`}>
          Update
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${credential.server_name} credentials`}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
