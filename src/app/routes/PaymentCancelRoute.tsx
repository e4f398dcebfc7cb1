// /payment/cancel, in its own chunk.
export { PaymentCancelPage as Component } from '../../features/payments/components/PaymentCancelPage';
