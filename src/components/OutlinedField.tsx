// An outlined, labelled text input that looks and labels like MUI's TextField without pulling in its Select (and the
// menu and popover code behind it), which keeps the sign-in forms light.
import { useId, type ChangeEvent } from 'react';
import { FormControl, InputLabel, OutlinedInput } from '@mui/material';

interface OutlinedFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  required?: boolean;
  autoComplete?: string;
}

export function OutlinedField({ label, value, onChange, type, required, autoComplete }: OutlinedFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} type={type} value={value} onChange={onChange} autoComplete={autoComplete} />
    </FormControl>
  );
}
