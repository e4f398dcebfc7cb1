// A multi-line field that stays at its compact height until focused, then grows with its text (SPEC §4, §9 rows).
import { useState } from 'react';
import { TextField } from '@mui/material';

interface ExpandingTextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  minRows: number;
  maxRows: number;
}

export function ExpandingTextField({ label, value, onChange, minRows, maxRows }: ExpandingTextFieldProps) {
  const [focused, setFocused] = useState(false);
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      multiline
      fullWidth
      minRows={minRows}
      maxRows={focused ? maxRows : minRows}
    />
  );
}
