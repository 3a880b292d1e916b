/** A buyer's browser at the local Webpay (`webpay.ts`): the receipt's form, the decision, the way back. */

/** The buyer's side of Webpay at `webpayUrl`. */
export function webpayBuyer(webpayUrl: string) {
  /** The buyer at Webpay: pays, is refused, cancels or lets time run out; returns what the browser would do next. */
  async function atWebpay(token: string, action: 'approve' | 'reject' | 'abort' | 'timeout') {
    const res = await fetch(`${webpayUrl}/webpayserver/decide`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token_ws: token, action }),
    });
    if (res.status === 303)
      return { method: 'GET' as const, url: res.headers.get('location')!, form: null };
    const html = await res.text();
    const action_ = /action="([^"]+)"/.exec(html)![1]!;
    const form = Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    return { method: 'POST' as const, url: action_, form };
  }

  /** Follows Webpay back to the app, as a browser (a POST comes from Webpay's origin, with no cookies). */
  async function backFromWebpay(next: Awaited<ReturnType<typeof atWebpay>>) {
    return next.method === 'GET'
      ? fetch(next.url, { redirect: 'manual' })
      : fetch(next.url, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: webpayUrl,
            'Sec-Fetch-Site': 'cross-site',
          },
          body: new URLSearchParams(next.form),
        });
  }

  /** The Webpay form on a receipt page: where it posts and its token. */
  async function webpayFormOf(receiptUrl: string) {
    const res = await fetch(receiptUrl);
    const html = await res.text();
    return {
      csp: res.headers.get('content-security-policy')!,
      action: /<form method="post" action="([^"]+)"/.exec(html)?.[1],
      token: /name="token_ws" value="([^"]+)"/.exec(html)?.[1],
      html,
    };
  }
  return { atWebpay, backFromWebpay, webpayFormOf };
}
