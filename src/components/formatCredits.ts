// Text of the credits badge: "..." while the first load runs, "?" when unknown, else the number with thousands separators.
export function formatCredits(credits: number | null | undefined, isLoading: boolean): string {
  if (credits === null || credits === undefined || !Number.isFinite(credits)) return isLoading ? '...' : '?';
  return Math.trunc(credits).toLocaleString('en-US');
}
