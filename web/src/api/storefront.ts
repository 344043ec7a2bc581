import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import { knitfrontConfig, shopUrl } from '../config';
import {
  CART_LINES_LIMIT,
  MESSAGES,
  PREORDER_METAFIELD,
  PRODUCT_VARIANTS_LIMIT,
  STOREFRONT_API_VERSION,
} from '../constants';

/** A line to add to a Storefront cart: the variant's gid and how many. */
export interface LineInput {
  variantGid: string;
  quantity: number;
}

export interface CartUserError {
  code?: string | null;
  field?: string[] | null;
  message: string;
}

export interface BuyerIdentity {
  countryCode: string | null;
  email: string | null;
  phone: string | null;
}

export interface CartLine {
  id: string;
  quantity: number;
  merchandise: { id: string };
  discountAllocations: { discountedAmount: { amount: string; currencyCode: string } }[];
}

/** A Storefront cart as cartLinesAdd answers it. */
export interface StorefrontCart {
  id: string;
  totalQuantity: number;
  lines: { nodes: CartLine[] };
}

/** The id Storefront GraphQL gives a variant. */
export function variantGid(variantId: string | number): string {
  return `gid://shopify/ProductVariant/${variantId}`;
}

/**
 * A Storefront API client for the shop configured (shopUrl). The client library always speaks
 * https to the shop's domain; its requests go to the shop's address as configured, so that the
 * dev storefront answers them on loopback over http too.
 */
function storefrontClient() {
  const origin = new URL(shopUrl()).origin;
  return createStorefrontApiClient({
    storeDomain: origin,
    apiVersion: STOREFRONT_API_VERSION,
    publicAccessToken: knitfrontConfig().storefrontToken ?? '',
    customFetchApi: (url, init) => fetch(origin + new URL(url).pathname, init),
  });
}

/**
 * The data of a query, or the reason there is none. Creating the client throws, when the shop's
 * address is not configured; the request itself does not.
 */
async function request<Data>(
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data: Data | undefined; error: unknown }> {
  const client = storefrontClient();
  try {
    const { data, errors } = await client.request<Data>(query, { variables });
    return { data, error: errors };
  } catch (error) {
    return { data: undefined, error };
  }
}

/** Throws the first user error when there is one, else `failure` when there is no cart. */
function checkCart<Cart>(
  payload: { cart: Cart | null; userErrors: CartUserError[] } | null | undefined,
  failure: string,
  cause: unknown,
): Cart {
  const userError = payload?.userErrors[0];
  if (userError) throw new Error(userError.message);
  if (!payload?.cart) throw new Error(failure, { cause });
  return payload.cart;
}

const CART_CREATE = `mutation CartCreate {
  cartCreate {
    cart { id }
    userErrors { code field message }
  }
}`;

/** cartCreate: a new empty cart's id. Throws 'Failed to create cart' or the first user error. */
export async function createCart(): Promise<string> {
  const { data, error } = await request<{
    cartCreate: { cart: { id: string } | null; userErrors: CartUserError[] } | null;
  }>(CART_CREATE, {});
  return checkCart(data?.cartCreate, MESSAGES.cartCreateFailed, error).id;
}

const CART_CREATE_FOR_BUYER = `mutation CartCreateForBuyer($countryCode: CountryCode!) {
  cartCreate(input: { buyerIdentity: { countryCode: $countryCode } }) {
    cart { id checkoutUrl buyerIdentity { countryCode email phone } }
    userErrors { code field message }
  }
}`;

/**
 * cartCreate with the buyer's country: the cart's id, checkout address and buyer identity.
 * Throws 'Failed to create cart' or the first user error.
 */
export async function createCartForCountry(
  countryCode: string,
): Promise<{ id: string; checkoutUrl: string; buyerIdentity: BuyerIdentity }> {
  const { data, error } = await request<{
    cartCreate: {
      cart: { id: string; checkoutUrl: string; buyerIdentity: BuyerIdentity } | null;
      userErrors: CartUserError[];
    } | null;
  }>(CART_CREATE_FOR_BUYER, { countryCode });
  return checkCart(data?.cartCreate, MESSAGES.cartCreateFailed, error);
}

const CART_LINES_ADD = `mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) {
  cartLinesAdd(cartId: $cartId, lines: $lines) {
    cart {
      id
      totalQuantity
      lines(first: ${CART_LINES_LIMIT}) {
        nodes {
          id
          quantity
          merchandise { ... on ProductVariant { id } }
          discountAllocations { discountedAmount { amount currencyCode } }
        }
      }
    }
    userErrors { code field message }
  }
}`;

/**
 * cartLinesAdd: the cart with its first 50 lines after adding these. Throws 'cartId is required'
 * without a cart id, 'lines are required' with no lines, and 'Error adding line items to cart' or
 * the first user error when the shop refuses.
 */
export async function addCartLines(
  cartId: string,
  lines: readonly LineInput[],
): Promise<StorefrontCart> {
  if (!cartId) throw new Error(MESSAGES.cartIdRequired);
  if (lines.length === 0) throw new Error(MESSAGES.cartLinesRequired);
  const { data, error } = await request<{
    cartLinesAdd: { cart: StorefrontCart | null; userErrors: CartUserError[] } | null;
  }>(CART_LINES_ADD, {
    cartId,
    lines: lines.map((line) => ({ merchandiseId: line.variantGid, quantity: line.quantity })),
  });
  return checkCart(data?.cartLinesAdd, MESSAGES.cartLinesAddFailed, error);
}

const PRODUCT_VARIANTS = `query ProductVariants($handle: String!) {
  product(handle: $handle) {
    variants(first: ${PRODUCT_VARIANTS_LIMIT}) {
      nodes {
        id
        title
        sku
        metafield(namespace: "${PREORDER_METAFIELD.namespace}", key: "${PREORDER_METAFIELD.key}") { value }
      }
    }
  }
}`;

/**
 * The pre-order message of a product's variant: its preordercontent metafield, through the
 * product query by handle. Null on errors, when the variant is not among the product's first ten,
 * or when it has no message.
 */
export async function getPreorderContent(
  handle: string,
  variantId: string,
): Promise<string | null> {
  try {
    const { data, error } = await request<{
      product: {
        variants: { nodes: { id: string; metafield: { value: string } | null }[] };
      } | null;
    }>(PRODUCT_VARIANTS, { handle });
    if (error) throw error;
    const wanted = variantGid(variantId);
    const variant = data?.product?.variants.nodes.find((node) => node.id === wanted);
    return variant?.metafield?.value ?? null;
  } catch (error) {
    console.error(error);
    return null;
  }
}
