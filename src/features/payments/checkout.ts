// Where the payment provider sends the browser back to (SPEC §7).
export function checkoutReturnUrls(origin: string = window.location.origin): {
  success_url: string;
  cancel_url: string;
} {
  return { success_url: `${origin}/payment/success`, cancel_url: `${origin}/payment/cancel` };
}
