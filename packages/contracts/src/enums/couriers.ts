/** Courier keys with short and long names, country and tracking-link builders. */
export interface CourierInfo {
  short: string;
  long: string;
  /** Logo id: couriers of one brand share a logo (used to dedupe logos in the clients table). */
  logo: string;
  /** ISO country code, or null for international couriers. */
  country: string | null;
  tracking: (trackingNumber: string, zip: string | null) => string;
}

const enc = encodeURIComponent;
const sameday = (tld: string) => (n: string) => `https://sameday.${tld}/#awb=${enc(n)}`;
const dpd = (n: string) => `https://tracking.dpd.de/status/en_US/parcel/${enc(n)}`;
const gls = (n: string) => `https://gls-group.com/track/${enc(n)}`;
const fan = (n: string) => `https://www.fancourier.ro/awb-tracking/?tracking=${enc(n)}`;
const cargus = (n: string) => `https://www.cargus.ro/personal/urmareste-coletul/?tracking_number=${enc(n)}`;

function c(
  short: string,
  long: string,
  logo: string,
  country: string | null,
  tracking: CourierInfo['tracking'],
) {
  return { short, long, logo, country, tracking } satisfies CourierInfo;
}

export const COURIERS = {
  sameday_hu: c('Sameday', 'Sameday Hungary', 'sameday', 'HU', sameday('hu')),
  sameday_ro: c('Sameday', 'Sameday Romania', 'sameday', 'RO', sameday('ro')),
  dpd_ro: c('DPD', 'DPD Romania', 'dpd', 'RO', dpd),
  dpd_fr: c('DPD', 'DPD France', 'dpd', 'FR', dpd),
  dpd_hu: c('DPD', 'DPD Hungary', 'dpd', 'HU', dpd),
  dpd_uk: c('DPD', 'DPD United Kingdom', 'dpd', 'GB', (n) => `https://track.dpd.co.uk/parcels/${enc(n)}`),
  dpd_pl: c('DPD', 'DPD Poland', 'dpd', 'PL', dpd),
  dpd_de: c('DPD', 'DPD Germany', 'dpd', 'DE', dpd),
  dpd_hr: c('DPD', 'DPD Croatia', 'dpd', 'HR', dpd),
  bookurier: c(
    'Bookurier',
    'Bookurier',
    'bookurier',
    'RO',
    (n) => `https://www.bookurier.ro/colete/AWB/track0.php?awb=${enc(n)}`,
  ),
  fan_courier_ro: c('FAN', 'FAN Courier Romania', 'fan_courier', 'RO', fan),
  fan_courier_md: c('FAN', 'FAN Courier Moldova', 'fan_courier', 'MD', fan),
  urgent_cargus: c('Cargus', 'Urgent Cargus', 'cargus', 'RO', cargus),
  cargus_ro: c('Cargus', 'Cargus Romania', 'cargus', 'RO', cargus),
  gls_ro: c('GLS', 'GLS Romania', 'gls', 'RO', gls),
  gls_es: c('GLS', 'GLS Spain', 'gls', 'ES', gls),
  gls_pl: c('GLS', 'GLS Poland', 'gls', 'PL', gls),
  gls_si: c('GLS', 'GLS Slovenia', 'gls', 'SI', gls),
  gls_sk: c('GLS', 'GLS Slovakia', 'gls', 'SK', gls),
  gls_at: c('GLS', 'GLS Austria', 'gls', 'AT', gls),
  gls_cz: c('GLS', 'GLS Czechia', 'gls', 'CZ', gls),
  gls_hu: c('GLS', 'GLS Hungary', 'gls', 'HU', gls),
  gls_hr: c('GLS', 'GLS Croatia', 'gls', 'HR', gls),
  gls_de: c('GLS', 'GLS Germany', 'gls', 'DE', gls),
  poste_it: c(
    'Poste',
    'Poste Italiane',
    'poste_it',
    'IT',
    (n) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${enc(n)}`,
  ),
  direct_link_mmp: c(
    'Direct Link',
    'Direct Link MMP',
    'direct_link',
    null,
    (n) => `https://tracking.directlink.com/?itemNumber=${enc(n)}`,
  ),
  tipsa_es: c(
    'Tipsa',
    'Tipsa Spain',
    'tipsa',
    'ES',
    (n) => `https://www.tip-sa.com/en/tracking?ref=${enc(n)}`,
  ),
  brt_it: c(
    'BRT',
    'BRT Italy',
    'brt',
    'IT',
    (n) => `https://vas.brt.it/vas/sped_det_show.hsm?Nspediz=${enc(n)}`,
  ),
  paack: c(
    'Paack',
    'Paack',
    'paack',
    'ES',
    (n, zip) => `https://paack.co/tracking?trackingNumber=${enc(n)}&postalCode=${enc(zip ?? '')}`,
  ),
  colis_prive_fr: c(
    'Colis Privé',
    'Colis Privé France',
    'colis_prive',
    'FR',
    (n) => `https://www.colisprive.com/moncolis/pages/detailColis.aspx?numColis=${enc(n)}`,
  ),
  evri_uk: c(
    'Evri',
    'Evri United Kingdom',
    'evri',
    'GB',
    (n) => `https://www.evri.com/track/parcel/${enc(n)}`,
  ),
  dhl: c('DHL', 'DHL', 'dhl', null, (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${enc(n)}`),
  la_poste_fr: c(
    'La Poste',
    'La Poste France',
    'la_poste',
    'FR',
    (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${enc(n)}`,
  ),
  fedex_us: c(
    'FedEx',
    'FedEx United States',
    'fedex',
    'US',
    (n) => `https://www.fedex.com/fedextrack/?trknbr=${enc(n)}`,
  ),
  tnt: c(
    'TNT',
    'TNT',
    'tnt',
    null,
    (n) => `https://www.tnt.com/express/en_gc/site/shipping-tools/tracking.html?cons=${enc(n)}`,
  ),
  ups: c('UPS', 'UPS', 'ups', null, (n) => `https://www.ups.com/track?tracknum=${enc(n)}`),
  royal_mail_uk: c(
    'Royal Mail',
    'Royal Mail United Kingdom',
    'royal_mail',
    'GB',
    (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${enc(n)}`,
  ),
  packeta: c('Packeta', 'Packeta', 'packeta', 'CZ', (n) => `https://tracking.packeta.com/en/?id=${enc(n)}`),
  correos_es: c(
    'Correos',
    'Correos Spain',
    'correos',
    'ES',
    (n) => `https://www.correos.es/es/en/tools/tracker/items/details?tracking-number=${enc(n)}`,
  ),
  correos_express: c(
    'Correos Express',
    'Correos Express',
    'correos_express',
    'ES',
    (n, zip) => `https://s.correosexpress.com/search?shippingNumber=${enc(n)}&zipCode=${enc(zip ?? '')}`,
  ),
  inpost_pl: c(
    'InPost',
    'InPost Poland',
    'inpost',
    'PL',
    (n) => `https://inpost.pl/sledzenie-przesylek?number=${enc(n)}`,
  ),
  deutsche_post_de: c(
    'Deutsche Post',
    'Deutsche Post Germany',
    'deutsche_post',
    'DE',
    (n) => `https://www.deutschepost.de/sendung/simpleQuery.html?form.sendungsnummer=${enc(n)}`,
  ),
  swiss_post: c(
    'Swiss Post',
    'Swiss Post',
    'swiss_post',
    'CH',
    (n) => `https://service.post.ch/ekp-web/ui/entry/shipping/1/${enc(n)}`,
  ),
  aus_post: c(
    'AusPost',
    'Australia Post',
    'aus_post',
    'AU',
    (n) => `https://auspost.com.au/mypost/track/#/details/${enc(n)}`,
  ),
  usps: c(
    'USPS',
    'USPS',
    'usps',
    'US',
    (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${enc(n)}`,
  ),
  ctt_pt: c(
    'CTT',
    'CTT Portugal',
    'ctt',
    'PT',
    (n) => `https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=${enc(n)}`,
  ),
  manually_added_unknown_courier: c('Unknown', 'Unknown courier', 'unknown', null, () => ''),
} as const;

export type CourierKey = keyof typeof COURIERS;
export const COURIER_KEYS = Object.keys(COURIERS) as CourierKey[];
export const UNKNOWN_COURIER_KEY = 'manually_added_unknown_courier' as const;

export function isCourierKey(key: string | null | undefined): key is CourierKey {
  return typeof key === 'string' && Object.hasOwn(COURIERS, key);
}

/** cargus_ro and urgent_cargus are one group: selecting either selects both. */
export const CARGUS_PAIR = ['cargus_ro', 'urgent_cargus'] as const;

/** Groups merged in courier popovers. */
export const COURIER_POPOVER_GROUPS = {
  GLS: ['gls_ro', 'gls_es', 'gls_pl', 'gls_si', 'gls_sk', 'gls_at', 'gls_cz', 'gls_hu', 'gls_hr'],
  Cargus: ['cargus_ro', 'urgent_cargus'],
  DPD: ['dpd_ro', 'dpd_fr', 'dpd_hu', 'dpd_uk', 'dpd_pl', 'dpd_de', 'dpd_hr'],
} as const satisfies Record<string, readonly CourierKey[]>;

/** Tracking link for an order's courier; none without a courier key or tracking number. */
export function trackingLink(
  courierKey: string | null | undefined,
  trackingNumber: string | null | undefined,
  zip: string | null = null,
): string | null {
  if (!isCourierKey(courierKey) || !trackingNumber) return null;
  const url = COURIERS[courierKey].tracking(trackingNumber, zip);
  return url === '' ? null : url;
}
