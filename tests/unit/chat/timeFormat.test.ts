import { formatMessageTime, messageTimeLabels } from '../../../src/features/chat/timeFormat';
import { closeNeighbours } from '../../../src/features/chat/timeNeighbours';

// Labels are local times; the test fixes the zone so the expected strings hold anywhere.
process.env.TZ = 'UTC';

const NOW = '2026-03-10T15:00:00.000Z';

describe('message time format (SPEC §2/§9)', () => {
  it('shows seconds for a message under 1 hour old', () => {
    expect(formatMessageTime('2026-03-10T14:20:05.000Z', NOW)).toBe('2:20:05 PM');
  });

  it('shows hours and minutes for an older message with no other message within 5 minutes', () => {
    expect(formatMessageTime('2026-03-10T09:05:07.000Z', NOW, ['2026-03-10T09:20:00.000Z'])).toBe('9:05 AM');
  });

  it('shows seconds for an older message when another message lies within 5 minutes', () => {
    expect(formatMessageTime('2026-03-10T09:05:07.000Z', NOW, ['2026-03-10T09:10:07.000Z'])).toBe('9:05:07 AM');
    expect(formatMessageTime('2026-03-10T09:05:07.000Z', NOW, ['2026-03-10T09:10:08.000Z'])).toBe('9:05 AM');
  });

  it('labels a whole list from each message neighbours, whatever the input order', () => {
    expect(
      messageTimeLabels(
        [
          '2026-03-10T08:00:00.000Z',
          '2026-03-10T10:03:00.000Z',
          '2026-03-10T10:00:30.000Z',
          '2026-03-10T14:30:00.000Z',
          'bad',
        ],
        NOW,
      ),
    ).toEqual(['8:00 AM', '10:03:00 AM', '10:00:30 AM', '2:30:00 PM', '']);
  });

  it('finds which times have another within 5 minutes, counting exactly 5 minutes and ignoring unreadable times', () => {
    const minute = 60_000;
    expect(closeNeighbours([20 * minute, 0, 5 * minute, NaN, 30.5 * minute, 16 * minute])).toEqual([
      true,
      true,
      true,
      false,
      false,
      true,
    ]);
  });
});
