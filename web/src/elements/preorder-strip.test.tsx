import { graphql, HttpResponse } from 'msw';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOREFRONT_API_VERSION } from '../constants';
import { change, mount } from '../test/elements';
import { server } from '../test/server';
import { variantGid } from '../api/storefront';
import { defineElement } from './define';
import { PreorderStripElement } from './preorder-strip';

defineElement('preorder-strip', PreorderStripElement);

const SHOP = 'http://127.0.0.1:8080';
const shop = graphql.link(`${SHOP}/api/${STOREFRONT_API_VERSION}/graphql.json`);
const strip = () => document.querySelector('preorder-strip .kf-preorder-strip');

/** The shop's variants and their pre-order messages; counts the product queries. */
function answerProducts(messages: Record<string, string | null>) {
  const asked = vi.fn();
  server.use(
    shop.query('ProductVariants', () => {
      asked();
      const nodes = Object.entries(messages).map(([id, value]) => ({
        id: variantGid(id),
        title: id,
        sku: null,
        metafield: value === null ? null : { value },
      }));
      return HttpResponse.json({ data: { product: { variants: { nodes } } } });
    }),
  );
  return asked;
}

beforeEach(() => {
  window.knitfrontConfig = { shopUrl: SHOP, storefrontToken: 'public-token' };
});
afterEach(() => {
  delete window.knitfrontConfig;
  vi.restoreAllMocks();
});

describe('preorder-strip', () => {
  it('shows the message the theme gives, asking nothing', async () => {
    const asked = answerProducts({});
    await mount(
      '<preorder-strip handle="h" variantId="1" message="Ships in February"></preorder-strip>',
    );
    expect(strip()?.textContent).toBe('Ships in February');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).not.toHaveBeenCalled();
  });

  it.each([
    { name: 'empty', message: '' },
    { name: 'only spaces', message: '   ' },
  ])('shows nothing when the message is $name', async ({ message }) => {
    const asked = answerProducts({ '1': 'Ships in February' });
    await mount(
      `<preorder-strip handle="h" variantId="1" message="${message}"><p>fallback</p></preorder-strip>`,
    );
    expect(document.querySelector('preorder-strip')!.innerHTML).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).not.toHaveBeenCalled();
  });

  it("takes the variant's metafield when the theme gives no message, and follows the variant", async () => {
    answerProducts({ '1': 'Ships in February', '2': null, '3': 'Ships in March' });
    await mount('<preorder-strip handle="h" variantId="1"></preorder-strip>');
    await waitFor(() => expect(strip()?.textContent).toBe('Ships in February'));

    await change(() => document.querySelector('preorder-strip')!.setAttribute('variantid', '2'));
    await waitFor(() => expect(strip()).toBeNull());
    await change(() => document.querySelector('preorder-strip')!.setAttribute('variantid', '3'));
    await waitFor(() => expect(strip()?.textContent).toBe('Ships in March'));
  });

  it('shows nothing when the query fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      shop.query('ProductVariants', () => HttpResponse.json({ errors: [{ message: 'Oops' }] })),
    );
    await mount('<preorder-strip handle="h" variantId="1"></preorder-strip>');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(strip()).toBeNull();
  });
});
