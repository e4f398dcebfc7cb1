// Form pieces shared by the edit dialogs: section headings, labelled switches, clamped number inputs, selects.
import { useState } from 'react';
import { FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';

export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
      {children}
    </Typography>
  );
}

export function SwitchField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}

interface NumberFieldProps<V extends number | null> {
  label: string;
  value: V;
  /** Turns the typed text into the stored value (clamp or fallback); applied when the field loses focus. */
  parse: (text: string) => V;
  onChange: (value: V) => void;
  min: number;
  max?: number;
  helperText?: string;
}

export function NumberField<V extends number | null>({
  label,
  value,
  parse,
  onChange,
  min,
  max,
  helperText,
}: NumberFieldProps<V>) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    onChange(parse(text));
    setText(null);
  };
  return (
    <TextField
      label={label}
      type="number"
      value={text ?? (value === null ? '' : String(value))}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      helperText={helperText}
      slotProps={{ htmlInput: { min, max } }}
      size="small"
    />
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}

export function SelectField({ label, value, options, onChange }: SelectFieldProps) {
  const all = options.includes(value) || value === '' ? options : [...options, value];
  return (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)} size="small" fullWidth>
      {all.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
}
