// A radio list of purchasable options (plans or credit packages), each as a selectable card; on a phone the price
// goes under the description instead of squeezing it into a narrow column.
import { Box, FormControlLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';

export interface Option {
  id: string;
  title: string;
  price: string;
  detail: string;
  description: string;
}

interface OptionListProps {
  label: string;
  options: Option[];
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
}

export function OptionList({ label, options, value, onChange, disabled }: OptionListProps) {
  return (
    <RadioGroup aria-label={label} value={value} onChange={(_e, id) => onChange(id)} sx={{ gap: 1.5 }}>
      {options.map((option) => (
        <Paper
          key={option.id}
          variant="outlined"
          sx={{
            px: 2,
            py: 1,
            borderColor: option.id === value ? 'primary.main' : 'divider',
            borderWidth: option.id === value ? 2 : 1,
          }}
        >
          <FormControlLabel
            value={option.id}
            disabled={disabled}
            control={<Radio />}
            sx={{ width: '100%', m: 0, '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 } }}
            label={
              <Box
                component="span"
                sx={{
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  justifyContent: 'space-between',
                  gap: { xs: 0.5, sm: 2 },
                  alignItems: { sm: 'baseline' },
                }}
              >
                <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {option.title}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {option.description}
                  </Typography>
                </Box>
                <Box component="span" sx={{ display: 'block', textAlign: { xs: 'left', sm: 'right' }, flexShrink: 0 }}>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                    {option.price}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {option.detail}
                  </Typography>
                </Box>
              </Box>
            }
          />
        </Paper>
      ))}
    </RadioGroup>
  );
}
