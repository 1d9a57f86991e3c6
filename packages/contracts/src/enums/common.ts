import { z } from 'zod';
import { PROVIDER_BRAND } from '../constants.js';

export const SELLING_CHANNEL_KINDS = [
  'shopify',
  'magento2',
  'blugento_ro',
  'easysales_ro',
  'gomag_ro',
  'standard_api_v1',
  'woocommerce',
] as const;
export const sellingChannelKindSchema = z.enum(SELLING_CHANNEL_KINDS);
export type SellingChannelKind = z.infer<typeof sellingChannelKindSchema>;

export const PLATFORM_DISPLAY_NAMES: Record<SellingChannelKind, string> = {
  shopify: 'Shopify',
  magento2: 'Magento',
  woocommerce: 'WooCommerce',
  gomag_ro: 'GoMag',
  easysales_ro: 'EasySales',
  standard_api_v1: 'API',
  blugento_ro: 'Blugento',
};

export const DEPARTMENTS = ['customer_support', 'development', 'finance', 'marketing', 'sales'] as const;
export const departmentSchema = z.enum(DEPARTMENTS);
export type Department = z.infer<typeof departmentSchema>;

export const PLAN_TIERS = [
  'free',
  'paid_1',
  'paid_2',
  'paid_3',
  'paid_4',
  'paid_5',
  'paid_6',
  'paid_7',
  'paid_8',
] as const;
export const planTierSchema = z.enum(PLAN_TIERS);
export type PlanTier = z.infer<typeof planTierSchema>;

/** '0' selects stores with no orders in 30 days (the backend's size '0'). */
export const COMPANY_SIZE_FILTERS = ['0', 'XS', 'S', 'M', 'L', 'XL'] as const;
export const companySizeFilterSchema = z.enum(COMPANY_SIZE_FILTERS);
export type CompanySizeFilter = z.infer<typeof companySizeFilterSchema>;
/** Row size values the analytics backend sends (statistics.orders.size). */
export const STORE_SIZES = ['0', 'xs', 's', 'm', 'l', 'xl'] as const;
export const storeSizeSchema = z.enum(STORE_SIZES);

export const COUNT_PERIODS = ['allCount', 'today', 'last7', 'last30'] as const;
export const countPeriodSchema = z.enum(COUNT_PERIODS);
export type CountPeriod = z.infer<typeof countPeriodSchema>;

export const STORE_STATUSES = ['installed', 'development', 'deleted'] as const;
export const storeStatusSchema = z.enum(STORE_STATUSES);
export type StoreStatus = z.infer<typeof storeStatusSchema>;

export const PAYOUT_PROVIDER_HELD = `at_${PROVIDER_BRAND}` as const;
export const PAYOUT_OPTIONS = ['collected', PAYOUT_PROVIDER_HELD, 'at_merchant'] as const;
export const payoutOptionSchema = z.enum(PAYOUT_OPTIONS);
export type PayoutOption = z.infer<typeof payoutOptionSchema>;

export const TEAMS = ['development', 'non-technical'] as const;
export const teamSchema = z.enum(TEAMS);
export type Team = z.infer<typeof teamSchema>;

export const SEND_AS = ['internal_note', 'to_shopper', 'to_merchant', 'to_courier'] as const;
export const sendAsSchema = z.enum(SEND_AS);
export type SendAs = z.infer<typeof sendAsSchema>;
export const SEND_AS_LABELS: Record<SendAs, string> = {
  internal_note: 'Internal note',
  to_shopper: 'SMS to shopper',
  to_merchant: 'E-mail to merchant',
  to_courier: 'Ticket to courier',
};

export const SOURCE_APPS = ['store_view', 'merchants'] as const;
export const sourceAppSchema = z.enum(SOURCE_APPS);
export type SourceApp = z.infer<typeof sourceAppSchema>;
export const SOURCE_APP_LABELS: Record<SourceApp, string> = {
  store_view: 'Monitor App',
  merchants: 'Fulfillment app',
};

export const SKU_FILTERS = [
  'all',
  'less_than_10',
  'between_10_and_99',
  'between_100_and_999',
  'more_than_999',
] as const;
export const skuFilterSchema = z.enum(SKU_FILTERS);
export type SkuFilter = z.infer<typeof skuFilterSchema>;
export const SKU_FILTER_LABELS: Record<SkuFilter, string> = {
  all: 'Any # of SKUs',
  less_than_10: 'Under 10',
  between_10_and_99: '10-99',
  between_100_and_999: '100-999',
  more_than_999: 'Over 1000',
};

export const DEVICE_TYPES = ['desktop', 'tablet', 'mobile'] as const;
