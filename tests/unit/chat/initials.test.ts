import { initials, userAvatarLetter } from '../../../src/features/chat/initials';

describe('initials', () => {
  it.each([
    ['Workflow Builders Team', 'WB'],
    ['n8n builders', 'NB'],
    ['solo', 'S'],
    ['  spaced   out  ', 'SO'],
    ['', ''],
  ])('gives "%s" the initials "%s"', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('gives a user the first letter of the username, else U', () => {
    expect(userAvatarLetter('alice')).toBe('A');
    expect(userAvatarLetter('')).toBe('U');
    expect(userAvatarLetter(null)).toBe('U');
  });
});
