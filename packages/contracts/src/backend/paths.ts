import type { z } from 'zod';
import {
  analyticsSearchBodySchema,
  analyticsSearchResponseSchema,
  dailyOrdersBodySchema,
  dailyOrdersResponseSchema,
} from './analytics.js';
import {
  accessTokenResponseSchema,
  authorizationLinkResponseSchema,
  googleAuthorizationDataBodySchema,
  installUrlResponseSchema,
  loginStateResponseSchema,
  passwordLoginBodySchema,
} from './auth.js';
import {
  changeInboundStatusBodySchema,
  exportReportResponseSchema,
  inboundDetailResponseSchema,
  inboundResponseSchema,
  inboundsSearchBodySchema,
  inboundsSearchResponseSchema,
} from './inbounds.js';
import {
  addCommentBodySchema,
  changeOrderStatusBodySchema,
  changesBodySchema,
  changesResponseSchema,
  markSeenBodySchema,
  markSeenResponseSchema,
  ORDER_STATISTICS_CALLS,
  orderDetailResponseSchema,
  orderResponseSchema,
  ordersFilterResponseSchema,
  ordersSearchBodySchema,
  ordersSearchResponseSchema,
  reissueLabelBodySchema,
  workflowCreateBodySchema,
  workflowInterruptBodySchema,
  workflowResponseSchema,
} from './orders.js';
import {
  fulfillmentCentersResponseSchema,
  organizationsResponseSchema,
  sellingChannelsResponseSchema,
  usersAllResponseSchema,
  usersMeResponseSchema,
} from './reference.js';

export interface BackendRoute {
  method: 'GET' | 'POST';
  /** Path with `{uid}` placeholders. */
  path: string;
  auth: boolean;
  body?: z.ZodType;
  /** Query string parameters the call takes, if any. */
  query?: readonly string[];
  /** Schema of the `data` field of the answer. */
  response: z.ZodType;
}

type StatisticsCalls = typeof ORDER_STATISTICS_CALLS;
type StatisticsRoutes = {
  [K in keyof StatisticsCalls as `orders.search.${K}`]: {
    method: 'POST';
    path: `/orders/search/${K}`;
    auth: true;
    body: typeof ordersSearchBodySchema;
    response: StatisticsCalls[K];
  };
};

const statisticsRoutes = Object.fromEntries(
  Object.entries(ORDER_STATISTICS_CALLS).map(([name, response]) => [
    `orders.search.${name}`,
    { method: 'POST', path: `/orders/search/${name}`, auth: true, body: ordersSearchBodySchema, response },
  ]),
) as unknown as StatisticsRoutes;

/**
 * Every backend call: the gateway calls them, the backend-sim serves them. Names are ours; paths, bodies
 * and answers are the backend's.
 */
export const BACKEND_ROUTES = {
  'auth.googleAuthorizationLink': {
    method: 'GET',
    path: '/api/v1/login/google/authorization_link',
    auth: false,
    query: ['state'],
    response: authorizationLinkResponseSchema,
  },
  'auth.googleAuthorizationData': {
    method: 'POST',
    path: '/api/v1/login/google/authorization_data',
    auth: false,
    body: googleAuthorizationDataBodySchema,
    response: accessTokenResponseSchema,
  },
  'auth.shopifyAuthorize': {
    method: 'GET',
    path: '/api/v1/authorization/selling_channel/shopify/authorize',
    auth: false,
    query: ['shop', 'hmac', 'host', 'timestamp', 'state'],
    response: installUrlResponseSchema,
  },
  'auth.shopifyGenerateToken': {
    method: 'GET',
    path: '/api/v1/authorization/selling_channel/shopify/generateToken',
    auth: false,
    query: ['shop', 'code', 'hmac', 'host', 'timestamp', 'state'],
    response: loginStateResponseSchema,
  },
  'auth.passwordLogin': {
    method: 'POST',
    path: '/login/username_password',
    auth: false,
    body: passwordLoginBodySchema,
    response: accessTokenResponseSchema,
  },
  'users.me': { method: 'GET', path: '/users/me', auth: true, response: usersMeResponseSchema },
  'users.all': { method: 'GET', path: '/users/all', auth: true, response: usersAllResponseSchema },
  organizations: { method: 'GET', path: '/organizations', auth: true, response: organizationsResponseSchema },
  sellingChannels: {
    method: 'GET',
    path: '/selling_channels',
    auth: true,
    response: sellingChannelsResponseSchema,
  },
  fulfillmentCenters: {
    method: 'GET',
    path: '/fulfillment_centers',
    auth: false,
    response: fulfillmentCentersResponseSchema,
  },
  changes: {
    method: 'POST',
    path: '/changes',
    auth: true,
    body: changesBodySchema,
    response: changesResponseSchema,
  },
  'orders.search': {
    method: 'POST',
    path: '/orders/search',
    auth: true,
    body: ordersSearchBodySchema,
    response: ordersSearchResponseSchema,
  },
  'orders.search.filter': {
    method: 'POST',
    path: '/orders/search/filter',
    auth: true,
    body: ordersSearchBodySchema,
    response: ordersFilterResponseSchema,
  },
  ...statisticsRoutes,
  'orders.detail': {
    method: 'GET',
    path: '/orders/order/{uid}',
    auth: true,
    response: orderDetailResponseSchema,
  },
  'orders.addComment': {
    method: 'POST',
    path: '/orders/order/{uid}/comments',
    auth: true,
    body: addCommentBodySchema,
    response: orderResponseSchema,
  },
  'orders.markSeen': {
    method: 'POST',
    path: '/orders/order/comments/mark_seen',
    auth: true,
    body: markSeenBodySchema,
    response: markSeenResponseSchema,
  },
  'orders.invalidAddress.create': {
    method: 'POST',
    path: '/orders/poc_1_workflow/order_invalid_address/create',
    auth: true,
    body: workflowCreateBodySchema,
    response: workflowResponseSchema,
  },
  'orders.invalidAddress.interrupt': {
    method: 'POST',
    path: '/orders/poc_1_workflow/order_invalid_address/interrupt',
    auth: true,
    body: workflowInterruptBodySchema,
    response: workflowResponseSchema,
  },
  'orders.changeStatus': {
    method: 'POST',
    path: '/orders/change_status',
    auth: true,
    body: changeOrderStatusBodySchema,
    response: orderResponseSchema,
  },
  'orders.reissueLabel': {
    method: 'POST',
    path: '/orders/reissue_shipping_label',
    auth: true,
    body: reissueLabelBodySchema,
    response: orderResponseSchema,
  },
  'inbounds.search': {
    method: 'POST',
    path: '/inventory_receipts/search',
    auth: true,
    body: inboundsSearchBodySchema,
    response: inboundsSearchResponseSchema,
  },
  'inbounds.detail': {
    method: 'GET',
    path: '/inventory_receipts/{uid}',
    auth: true,
    response: inboundDetailResponseSchema,
  },
  'inbounds.changeStatus': {
    method: 'POST',
    path: '/inventory_receipts/change_status',
    auth: true,
    body: changeInboundStatusBodySchema,
    response: inboundResponseSchema,
  },
  'inbounds.export': {
    method: 'GET',
    path: '/inventory_receipts/reports/export',
    auth: true,
    query: ['inventory_receipt_uid'],
    response: exportReportResponseSchema,
  },
  'inbounds.exportCheck': {
    method: 'GET',
    path: '/inventory_receipts/reports/export/check',
    auth: true,
    query: ['uid'],
    response: exportReportResponseSchema,
  },
  'analytics.search': {
    method: 'POST',
    path: '/selling_channels_analytics/search',
    auth: true,
    body: analyticsSearchBodySchema,
    response: analyticsSearchResponseSchema,
  },
  'analytics.dailyOrders': {
    method: 'POST',
    path: '/selling_channels_analytics/daily_orders',
    auth: true,
    body: dailyOrdersBodySchema,
    response: dailyOrdersResponseSchema,
  },
} as const satisfies Record<string, BackendRoute>;

export type BackendRouteName = keyof typeof BACKEND_ROUTES;
export type BackendResponse<N extends BackendRouteName> = z.infer<(typeof BACKEND_ROUTES)[N]['response']>;

/** Fill `{uid}` placeholders; values are URL-encoded. */
export function backendPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
