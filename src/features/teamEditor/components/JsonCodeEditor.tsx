// The tools JSON code editor (CodeMirror: highlighting, line numbers, bracket matching); loaded lazily.
import CodeMirror from '@uiw/react-codemirror';
import { json } from '@codemirror/lang-json';

const extensions = [json()];

export default function JsonCodeEditor({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height="260px"
      basicSetup={{ lineNumbers: true, bracketMatching: true, foldGutter: false }}
      aria-label="Tools JSON"
    />
  );
}
