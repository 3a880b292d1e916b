/** `/api/store/payments/webpay/`: the same account as `/api/store/webpay/`, beside the other providers. */
export { ALL, DELETE, GET, PUT } from '@/pages/api/store/webpay/index';
