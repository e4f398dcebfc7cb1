// /payment, in its own chunk.
export { PaymentPage as Component } from '../../features/payments/components/PaymentPage';
