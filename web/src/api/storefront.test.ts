import { graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, STOREFRONT_API_VERSION } from '../constants';
import { server } from '../test/server';
import {
  addCartLines,
  createCart,
  createCartForCountry,
  getPreorderContent,
  variantGid,
} from './storefront';

/** The dev storefront's address: http on loopback, which the client library would make https. */
const SHOP = 'http://127.0.0.1:8080';
const ENDPOINT = `${SHOP}/api/${STOREFRONT_API_VERSION}/graphql.json`;
const shop = graphql.link(ENDPOINT);

const CART = 'gid://shopify/Cart/c1';

beforeEach(() => {
  window.knitfrontConfig = { shopUrl: SHOP, storefrontToken: 'public-token' };
});
afterEach(() => {
  delete window.knitfrontConfig;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the Storefront client', () => {
  it("throws the spec's error when no shop address is configured", async () => {
    window.knitfrontConfig = {};
    vi.stubEnv('VITE_SHOPIFY_SHOP_URL', '');
    await expect(createCart()).rejects.toThrow(MESSAGES.shopUrlMissing);
    expect(MESSAGES.shopUrlMissing).toBe(
      'VITE_SHOPIFY_SHOP_URL environment variable is not defined',
    );
  });

  it("takes the build's VITE_SHOPIFY_SHOP_URL when the theme gives no address", async () => {
    window.knitfrontConfig = { storefrontToken: 'public-token' };
    vi.stubEnv('VITE_SHOPIFY_SHOP_URL', SHOP);
    server.use(
      shop.mutation('CartCreate', () =>
        HttpResponse.json({ data: { cartCreate: { cart: { id: CART }, userErrors: [] } } }),
      ),
    );
    await expect(createCart()).resolves.toBe(CART);
  });

  it('sends the public token, to the shop as configured', async () => {
    let seen: Request | undefined;
    server.use(
      shop.mutation('CartCreate', ({ request }) => {
        seen = request;
        return HttpResponse.json({ data: { cartCreate: { cart: { id: CART }, userErrors: [] } } });
      }),
    );
    await createCart();
    expect(seen?.url).toBe(ENDPOINT);
    expect(seen?.headers.get('X-Shopify-Storefront-Access-Token')).toBe('public-token');
  });
});

describe('cartCreate', () => {
  it.each([
    {
      name: 'the first user error',
      answer: {
        data: {
          cartCreate: {
            cart: null,
            userErrors: [{ message: 'Country is invalid' }, { message: 'Other' }],
          },
        },
      },
      error: 'Country is invalid',
    },
    {
      name: 'no cart',
      answer: { data: { cartCreate: { cart: null, userErrors: [] } } },
      error: MESSAGES.cartCreateFailed,
    },
    {
      name: 'GraphQL errors',
      answer: { errors: [{ message: 'Throttled' }] },
      error: MESSAGES.cartCreateFailed,
    },
  ])('throws $error on $name', async ({ answer, error }) => {
    server.use(shop.mutation('CartCreate', () => HttpResponse.json(answer)));
    await expect(createCart()).rejects.toThrow(new Error(error));
  });

  it("throws 'Failed to create cart' when the shop cannot be reached", async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.error()));
    await expect(createCart()).rejects.toThrow(new Error(MESSAGES.cartCreateFailed));
  });

  it("creates a cart for the buyer's country", async () => {
    let variables: unknown;
    const cart = {
      id: CART,
      checkoutUrl: `${SHOP}/checkouts/c1`,
      buyerIdentity: { countryCode: 'GB', email: null, phone: null },
    };
    server.use(
      shop.mutation('CartCreateForBuyer', ({ variables: sent }) => {
        variables = sent;
        return HttpResponse.json({ data: { cartCreate: { cart, userErrors: [] } } });
      }),
    );
    await expect(createCartForCountry('GB')).resolves.toEqual(cart);
    expect(variables).toEqual({ countryCode: 'GB' });
  });
});

describe('cartLinesAdd', () => {
  const lines = [{ variantGid: variantGid(45123456000101), quantity: 2 }];

  it.each([
    { name: 'no cart id', cartId: '', lines, error: MESSAGES.cartIdRequired },
    { name: 'no lines', cartId: CART, lines: [], error: MESSAGES.cartLinesRequired },
  ])('throws $error with $name, asking nothing', async ({ cartId, lines, error }) => {
    const asked = vi.fn();
    server.events.on('request:start', asked);
    await expect(addCartLines(cartId, lines)).rejects.toThrow(new Error(error));
    expect(asked).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('adds the lines by merchandise id and answers the cart', async () => {
    let variables: unknown;
    const cart = { id: CART, totalQuantity: 2, lines: { nodes: [] } };
    server.use(
      shop.mutation('CartLinesAdd', ({ variables: sent }) => {
        variables = sent;
        return HttpResponse.json({ data: { cartLinesAdd: { cart, userErrors: [] } } });
      }),
    );
    await expect(addCartLines(CART, lines)).resolves.toEqual(cart);
    expect(variables).toEqual({
      cartId: CART,
      lines: [{ merchandiseId: 'gid://shopify/ProductVariant/45123456000101', quantity: 2 }],
    });
  });

  it.each([
    {
      name: 'the first user error',
      answer: {
        data: {
          cartLinesAdd: { cart: null, userErrors: [{ message: 'The variant is sold out' }] },
        },
      },
      error: 'The variant is sold out',
    },
    {
      name: 'no cart',
      answer: { data: { cartLinesAdd: null } },
      error: MESSAGES.cartLinesAddFailed,
    },
  ])('throws $error on $name', async ({ answer, error }) => {
    server.use(shop.mutation('CartLinesAdd', () => HttpResponse.json(answer)));
    await expect(addCartLines(CART, lines)).rejects.toThrow(new Error(error));
  });
});

describe('the pre-order message', () => {
  const variants = {
    nodes: [
      { id: variantGid(1), title: 'Sky / S', sku: 'A', metafield: { value: 'Ships in February' } },
      { id: variantGid(2), title: 'Sky / M', sku: 'B', metafield: null },
    ],
  };

  it.each([
    {
      name: "the variant's metafield",
      product: { variants },
      variantId: '1',
      message: 'Ships in February',
    },
    { name: 'a variant with none', product: { variants }, variantId: '2', message: null },
    { name: 'a variant not found', product: { variants }, variantId: '3', message: null },
    { name: 'a product not found', product: null, variantId: '1', message: null },
  ])('is $message for $name', async ({ product, variantId, message }) => {
    let variables: unknown;
    server.use(
      shop.query('ProductVariants', ({ variables: sent }) => {
        variables = sent;
        return HttpResponse.json({ data: { product } });
      }),
    );
    await expect(getPreorderContent('snowfall-yoke-sweater', variantId)).resolves.toBe(message);
    expect(variables).toEqual({ handle: 'snowfall-yoke-sweater' });
  });

  it.each([
    { name: 'GraphQL errors', answer: () => HttpResponse.json({ errors: [{ message: 'Oops' }] }) },
    { name: 'a failed request', answer: () => HttpResponse.error() },
    { name: 'a 500', answer: () => new HttpResponse('boom', { status: 500 }) },
  ])('is null on $name, and logged', async ({ answer }) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(ENDPOINT, answer));
    await expect(getPreorderContent('snowfall-yoke-sweater', '1')).resolves.toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('is null when the shop address is not configured', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.knitfrontConfig = {};
    vi.stubEnv('VITE_SHOPIFY_SHOP_URL', '');
    await expect(getPreorderContent('snowfall-yoke-sweater', '1')).resolves.toBeNull();
  });
});
