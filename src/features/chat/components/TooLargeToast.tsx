// The oversize-attachment toast: one line per refused file.
export function TooLargeToast({ lines }: { lines: readonly string[] }) {
  return (
    <div>
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}
