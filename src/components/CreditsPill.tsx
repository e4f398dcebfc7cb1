// The credits badge pill with its "Your available credits" tooltip (opens after 300 ms).
import { Chip } from '@mui/material';
import TollIcon from '@mui/icons-material/Toll';
import { formatCredits } from './formatCredits';
import { LazyTooltip } from './LazyTooltip';

const CREDITS_TOOLTIP = 'Your available credits';

export function CreditsPill({ credits, isLoading }: { credits: number | null | undefined; isLoading: boolean }) {
  const text = formatCredits(credits, isLoading);
  return (
    <LazyTooltip title={CREDITS_TOOLTIP} enterDelay={300} enterNextDelay={0}>
      <Chip
        icon={<TollIcon />}
        label={text}
        size="small"
        color="primary"
        variant="outlined"
        tabIndex={0}
        aria-label={`${CREDITS_TOOLTIP}: ${text}`}
        data-testid="credits-badge"
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
      />
    </LazyTooltip>
  );
}
