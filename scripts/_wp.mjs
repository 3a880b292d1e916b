const { startWebpay, WEBPAY_API_KEY, WEBPAY_COMMERCE_CODE } = await import('../tests/support/webpay.ts');
const wp = await startWebpay();
console.log(wp.url);
setInterval(() => {}, 1 << 30);
