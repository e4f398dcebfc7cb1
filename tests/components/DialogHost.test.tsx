import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogHostProvider, useHostedDialog } from '../../src/components/DialogHost';

function Draft({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  return (
    <div role="dialog" aria-label="Draft">
      <input aria-label="Note" value={text} onChange={(e) => setText(e.target.value)} />
      <button onClick={onClose}>Close</button>
    </div>
  );
}

function Opener() {
  const dialog = useHostedDialog();
  return (
    <>
      <button onClick={() => dialog.open((close) => <Draft onClose={close} />)}>Open</button>
      {dialog.element}
    </>
  );
}

/** The opener sits inside a part that can go away, like the sidebar on a narrow screen. */
function Page({ hosted }: { hosted: boolean }) {
  const [shown, setShown] = useState(true);
  const body = (
    <>
      <button onClick={() => setShown((s) => !s)}>Toggle part</button>
      {shown && <Opener />}
    </>
  );
  return hosted ? <DialogHostProvider>{body}</DialogHostProvider> : body;
}

describe('hosted dialogs', () => {
  it('stay open, with what was typed, when the part that opened them unmounts, and close by their own button', async () => {
    const user = userEvent.setup();
    render(<Page hosted />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'kept');
    await user.click(screen.getByRole('button', { name: 'Toggle part' }));
    expect(screen.queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('kept');
    await user.click(screen.getByRole('button', { name: 'Toggle part' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('render with their opener where no host is above it', async () => {
    const user = userEvent.setup();
    render(<Page hosted={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Draft' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
