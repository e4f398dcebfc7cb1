// /payment/success, in its own chunk.
export { PaymentSuccessPage as Component } from '../../features/payments/components/PaymentSuccessPage';
