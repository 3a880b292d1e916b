/**
 * A chat order paid by card from its link (issue 51), in Chromium on a phone: the buyer opens the
 * link the seller sent, sees the transfer details and «Pagar con Flow» beside them, cancels at
 * Flow and is back with the order still waiting, then pays. The receipt looked at, with axe, at
 * 360 and 1280 px. No script of ours on the page.
 */
import { describe, expect, inject, it } from 'vitest';
import { lookAtBothWidths, MOBILE, newContext, useBrowser } from '../../support/browser';
import { flowShop } from '../../support/flow-buyer';
import { uniqueEmail } from '../../support/http';

const { url } = inject('servers')[0]!;
const flowUrl = inject('flowUrl');
const browserOf = useBrowser();

describe('a chat order paid by card', () => {
  it('offers Flow on the receipt; cancelled there it still waits, then it is paid', async () => {
    const shop = await flowShop(url);
    const jarro = await shop.product({ name: 'Jarro de greda', price: 15990, stock: 2 });
    const made = (
      await shop.api.post(
        '/api/orders/manual/',
        {
          items: [{ product: jarro.id, quantity: 1 }],
          buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
          delivery: { method: 'retiro' },
        },
        shop.as,
      )
    ).body;

    const buyer = await newContext(browserOf(), MOBILE);
    const page = await buyer.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(made.receipt_url);
    await page.getByRole('heading', { name: 'Paga $15.990 en línea' }).waitFor();
    await page.getByRole('heading', { name: 'Transfiere $15.990' }).waitFor();
    expect(await page.locator('script').count()).toBe(0);
    await lookAtBothWidths(page, 'pedido-pagar-en-linea');

    await page.getByRole('button', { name: 'Pagar con Flow' }).click();
    await page.waitForURL(`${flowUrl}/app/web/pay.php?token=*`);
    await page.getByRole('button', { name: 'Anular' }).click();
    await page.getByRole('alert').getByText('Anulaste el pago en Flow.').waitFor();
    await page.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    await page.getByRole('heading', { name: 'Transfiere $15.990' }).waitFor();
    await page.getByText('El pago en línea no se completó').waitFor();
    await lookAtBothWidths(page, 'pedido-pago-anulado');

    await page.getByRole('button', { name: 'Pagar con Flow' }).click();
    await page.waitForURL(`${flowUrl}/app/web/pay.php?token=*`);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.getByRole('heading', { name: '¡Gracias por tu compra!' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pagar con Flow' }).count()).toBe(0);
    expect(await shop.order(made.order.id)).toMatchObject({
      status: 'pagado',
      payment_method: 'flow',
    });
    await buyer.close();
  });
});
