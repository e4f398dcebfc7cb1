// Leaving the app for another site (the payment provider's checkout), kept in one place so tests can observe it.
export function redirectTo(url: string): void {
  window.location.assign(url);
}
