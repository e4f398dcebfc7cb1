// What a run costs, said before the first message, and a warning whenever the balance will not cover the next run.
// The prices come from GET /credits/status; a server that omits them gets no line at all.
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useGetCreditStatusQuery } from '../../../services/api';

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

function runCostText(run: number, perTool: number | undefined): string {
  const tools = perTool ? ` plus ${perTool} per tool call` : '';
  return `Each run costs ${credits(run)}${tools}.`;
}

export function RunCostNote({ beforeFirstSend }: { beforeFirstSend: boolean }) {
  const { data } = useGetCreditStatusQuery();
  const run = data?.run_cost_credits;
  if (typeof run !== 'number') return null;
  const short = data!.available_credits < run;
  if (!short && !beforeFirstSend) return null;
  return (
    <Typography
      variant="caption"
      role={short ? 'alert' : undefined}
      color={short ? 'warning.main' : 'text.secondary'}
      sx={{ display: 'block', px: 3, pb: 0.5 }}
    >
      {beforeFirstSend && `${runCostText(run, data!.tool_call_cost_credits)} `}
      {short && (
        <>
          Your balance ({credits(data!.available_credits)}) does not cover the next run.{' '}
          <Link component={RouterLink} to="/payment" color="inherit">
            Buy credits
          </Link>
        </>
      )}
    </Typography>
  );
}
