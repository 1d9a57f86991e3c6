import { SELLING_CHANNEL_KINDS } from '@waybill/contracts';
import type { Rng } from '../util/prng.js';
import { DAY } from '../util/time.js';
import {
  FULFILLMENT_CENTERS,
  MERCHANT_WORDS_A,
  MERCHANT_WORDS_B,
  PRODUCT_ADJECTIVES,
  PRODUCT_NOUNS,
  STORE_COUNTRIES,
  VARIANTS,
} from './catalog.js';
import type { SimFulfillmentCenter, SimItem, SimOrganization, SimSellingChannel, SimUser } from './types.js';

export const DEMO_PASSWORD = 'waybill-demo';

const DEMO_USERS: readonly Omit<SimUser, 'uid' | 'access_to'>[] = [
  { name: 'Olivia Ops', email: 'ops@example.com', department: 'customer_support', superadmin: false },
  { name: 'Dan Developer', email: 'dev@example.com', department: 'development', superadmin: false },
  { name: 'Fiona Finance', email: 'finance@example.com', department: 'finance', superadmin: false },
  { name: 'Sam Sales', email: 'sales@example.com', department: 'sales', superadmin: false },
  { name: 'Mara Marketing', email: 'marketing@example.com', department: 'marketing', superadmin: false },
  { name: 'Ada Admin', email: 'admin@example.com', department: null, superadmin: true },
  {
    name: 'Ana Popescu',
    email: 'ana.popescu@example.com',
    department: 'customer_support',
    superadmin: false,
  },
  {
    name: 'Mihai Ionescu',
    email: 'mihai.ionescu@example.com',
    department: 'customer_support',
    superadmin: false,
  },
  {
    name: 'Eszter Nagy',
    email: 'eszter.nagy@example.com',
    department: 'customer_support',
    superadmin: false,
  },
  {
    name: 'Zofia Nowak',
    email: 'zofia.nowak@example.com',
    department: 'customer_support',
    superadmin: false,
  },
  {
    name: 'Lucia Garcia',
    email: 'lucia.garcia@example.com',
    department: 'customer_support',
    superadmin: false,
  },
  { name: 'Radu Stan', email: 'radu.stan@example.com', department: 'development', superadmin: false },
];

export function generateUsers(rng: Rng): SimUser[] {
  return DEMO_USERS.map((u) => ({
    ...u,
    uid: `usr_${rng.hex(20)}`,
    access_to: u.superadmin
      ? ['realtime', 'inbounds', 'clients', 'admin']
      : ['realtime', 'inbounds', 'clients'],
  }));
}

export function generateFulfillmentCenters(rng: Rng): SimFulfillmentCenter[] {
  return FULFILLMENT_CENTERS.map((fc) => ({
    uid: `fc_${rng.hex(20)}`,
    code: fc.code,
    name: fc.name,
    timezone: fc.timezone,
    country: fc.country,
    requiresLabel: fc.label,
  }));
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function generateMerchants(
  rng: Rng,
  storeCount: number,
): { organizations: SimOrganization[]; channels: SimSellingChannel[] } {
  const channelCount = Math.max(SELLING_CHANNEL_KINDS.length, storeCount);
  const orgCount = Math.max(3, Math.ceil(channelCount / 3));
  const organizations: SimOrganization[] = [];
  for (let i = 0; i < orgCount; i++) {
    const name = `${rng.pick(MERCHANT_WORDS_A)} ${rng.pick(MERCHANT_WORDS_B)}${i >= 100 ? ` ${i}` : ''}`;
    // A few merchants have no name on record (the console shows '-').
    organizations.push({ uid: `org_${rng.hex(20)}`, name: i > 0 && i % 37 === 0 ? null : name });
  }
  const channels: SimSellingChannel[] = [];
  for (let i = 0; i < channelCount; i++) {
    const org = organizations[i % orgCount] as SimOrganization;
    // The first channels cover every kind; later ones are mostly Shopify, like real merchants.
    const kind =
      i < SELLING_CHANNEL_KINDS.length
        ? (SELLING_CHANNEL_KINDS[i] as string)
        : rng.weighted<string>([
            ['shopify', 10],
            ['woocommerce', 3],
            ['magento2', 2],
            ['gomag_ro', 1],
            ['easysales_ro', 1],
            ['blugento_ro', 0.5],
            ['standard_api_v1', 1],
          ]);
    const base = slug(org.name ?? `merchant ${i}`);
    const domain = kind === 'shopify' ? `${base}-${i}.myshopify.example` : `www.${base}-${i}.example`;
    channels.push({
      uid: `sc_${rng.hex(20)}`,
      alias:
        i % 41 === 40
          ? null
          : `${(org.name ?? 'Store').split(' ')[0]} ${kind === 'shopify' ? 'Shop' : 'Store'} ${i}`,
      name: domain,
      kind,
      organization_uid: org.uid,
      country: i % 53 === 52 ? null : rng.pick(STORE_COUNTRIES),
      domain,
    });
  }
  return { organizations, channels };
}

function ean13(rng: Rng): string {
  let digits = '';
  for (let i = 0; i < 12; i++) digits += String(rng.int(0, 9));
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return digits + String((10 - (sum % 10)) % 10);
}

export function generateItems(rng: Rng, organizations: readonly SimOrganization[], epoch: number): SimItem[] {
  const items: SimItem[] = [];
  for (const org of organizations) {
    const count = rng.int(6, 30);
    for (let i = 0; i < count; i++) {
      const noun = rng.pick(PRODUCT_NOUNS);
      items.push({
        uid: `inv_${rng.hex(20)}`,
        organization_uid: org.uid,
        // About one in six items is new (under 30 days old).
        createdMs: epoch - (rng.chance(0.16) ? rng.int(1, 29) : rng.int(31, 700)) * DAY - rng.int(0, DAY),
        title_1: rng.chance(0.02) ? null : `${rng.pick(PRODUCT_ADJECTIVES)} ${noun}`,
        title_2: rng.chance(0.2) ? null : rng.pick(VARIANTS),
        sku: `${noun.slice(0, 3).toUpperCase()}-${rng.hex(6).toUpperCase()}`,
        barcode: ean13(rng),
        hue: rng.int(0, 359),
      });
    }
  }
  return items;
}
