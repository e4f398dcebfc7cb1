import { enqueueToast, isToastHostWanted, toastHostChanged, toastHostFailed } from '../../src/components/toasts/toasts';

describe('the toast queue', () => {
  it('keeps toasts sent before the host mounts, asks for the host, and sends them once it has mounted', () => {
    const sent: unknown[] = [];
    enqueueToast('Team cloned successfully!', { variant: 'success' });
    expect(isToastHostWanted()).toBe(true);
    toastHostChanged((message) => sent.push(message));
    enqueueToast('Team deleted successfully');
    expect(sent).toEqual(['Team cloned successfully!', 'Team deleted successfully']);
    toastHostChanged(null);
  });

  it('asks for the host again with the next toast after loading it failed (offline)', () => {
    const sent: unknown[] = [];
    toastHostFailed();
    expect(isToastHostWanted()).toBe(false);
    enqueueToast('Failed to fetch credit balance');
    expect(isToastHostWanted()).toBe(true);
    toastHostChanged((message) => sent.push(message));
    expect(sent).toEqual(['Failed to fetch credit balance']);
    toastHostChanged(null);
  });
});
