import { z } from 'zod';
import { departmentSchema } from '../enums/common.js';
import { uidSchema } from './common.js';

export const userSchema = z.looseObject({
  uid: uidSchema,
  name: z.string(),
  email: z.string().optional(),
  department: departmentSchema.nullable(),
  access_to: z.array(z.string()).default([]),
  superadmin: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

const countryCodeHolder = z.looseObject({ country_code: z.string().nullable() });

export const organizationSchema = z.looseObject({ uid: uidSchema, name: z.string().nullable() });
export type Organization = z.infer<typeof organizationSchema>;

export const sellingChannelSchema = z.looseObject({
  uid: uidSchema,
  alias: z.string().nullable(),
  name: z.string(),
  kind: z.string(),
  organization_uid: uidSchema.optional(),
  owner: z.looseObject({ address: countryCodeHolder.nullable() }).nullable(),
});
export type SellingChannel = z.infer<typeof sellingChannelSchema>;

export const fulfillmentCenterSchema = z.looseObject({
  uid: uidSchema,
  name: z.string(),
  timezone: z.string(),
  address: countryCodeHolder.nullable(),
  display_address: countryCodeHolder.nullable(),
  settings: z.looseObject({
    shipping: z.looseObject({ requires_shipping_label: z.boolean() }),
  }),
});
export type FulfillmentCenter = z.infer<typeof fulfillmentCenterSchema>;

export const usersMeResponseSchema = z.looseObject({ user: userSchema });
export const usersAllResponseSchema = z.looseObject({ users: z.array(userSchema) });
export const organizationsResponseSchema = z.looseObject({ organizations: z.array(organizationSchema) });
export const sellingChannelsResponseSchema = z.looseObject({
  selling_channels: z.array(sellingChannelSchema),
});
export const fulfillmentCentersResponseSchema = z.looseObject({
  fulfillment_centers: z.array(fulfillmentCenterSchema),
});
