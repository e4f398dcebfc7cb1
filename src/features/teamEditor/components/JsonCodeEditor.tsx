// The tools JSON code editor (CodeMirror: highlighting, line numbers, bracket matching); loaded lazily.
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { json } from '@codemirror/lang-json';

// The name goes on CodeMirror's editable element (role textbox), which is what screen readers and axe announce.
const extensions = [json(), EditorView.contentAttributes.of({ 'aria-label': 'Tools JSON' })];

export default function JsonCodeEditor({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height="260px"
      basicSetup={{ lineNumbers: true, bracketMatching: true, foldGutter: false }}
    />
  );
}
