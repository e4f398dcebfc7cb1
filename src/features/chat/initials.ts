// Letters for avatars: a team's initials (first letters of words, at most 2, uppercase) and a user's letter.

export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** The first letter of the username, else U (SPEC §2). */
export function userAvatarLetter(username: string | null | undefined): string {
  const first = Array.from((username ?? '').trim())[0];
  return first ? first.toUpperCase() : 'U';
}
