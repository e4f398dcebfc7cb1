// Text of the credits badge: "..." while the first load runs, "?" when unknown, else the number with thousands separators.
export function formatCredits(credits: number | null | undefined, isLoading: boolean): string {
  if (credits === null || credits === undefined || !Number.isFinite(credits)) return isLoading ? '...' : '?';
  // Grouped by hand: the badge renders on every page at start-up, and a first toLocaleString loads the number formatting
  // data, which costs tens of milliseconds on a phone.
  return String(Math.trunc(credits)).replace(/\B(?=(\d{3})+$)/g, ',');
}
