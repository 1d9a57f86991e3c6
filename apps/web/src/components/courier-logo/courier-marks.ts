/**
 * Courier marks: original, simple tiles (a rounded square in a colour with the courier's initials),
 * not the couriers' trademark artwork. Keyed by contracts' courier logo id (one per brand). Text and
 * tile colours keep at least 4.5:1 contrast.
 */
export interface CourierMark {
  initials: string;
  background: string;
  foreground: string;
}

const mark = (initials: string, background: string, foreground = '#ffffff'): CourierMark => ({
  initials,
  background,
  foreground,
});

export const COURIER_MARKS: Readonly<Record<string, CourierMark>> = {
  sameday: mark('SD', '#b3261e'),
  dpd: mark('DPD', '#8f1d2c'),
  bookurier: mark('BK', '#1f5f8b'),
  fan_courier: mark('FAN', '#1d3f8f'),
  cargus: mark('CG', '#b34700'),
  gls: mark('GLS', '#0b3d91'),
  poste_it: mark('PI', '#f2d500', '#1a1a1a'),
  direct_link: mark('DL', '#2d2d7a'),
  tipsa: mark('TP', '#00684a'),
  brt: mark('BRT', '#a3161f'),
  paack: mark('PK', '#4b2a85'),
  colis_prive: mark('CP', '#5b2c83'),
  evri: mark('EV', '#005a8c'),
  dhl: mark('DHL', '#ffcc00', '#8a0000'),
  la_poste: mark('LP', '#ffd200', '#1c2a5a'),
  fedex: mark('FX', '#4d148c'),
  tnt: mark('TNT', '#c2410c'),
  ups: mark('UPS', '#4a2f1b', '#ffc72c'),
  royal_mail: mark('RM', '#a1111b'),
  packeta: mark('PA', '#ba1b02'),
  correos: mark('CO', '#ffcd00', '#003b77'),
  correos_express: mark('CX', '#003b77'),
  inpost: mark('IP', '#ffcb04', '#2b2b2b'),
  deutsche_post: mark('DP', '#ffcc00', '#1a1a1a'),
  swiss_post: mark('SP', '#c8102e'),
  aus_post: mark('AP', '#b3001b'),
  usps: mark('US', '#1c3b6e'),
  ctt: mark('CTT', '#a6192e'),
};

/** The mark of a courier logo id, or undefined (the text chip is shown instead). */
export function courierMark(logo: string): CourierMark | undefined {
  return Object.hasOwn(COURIER_MARKS, logo) ? COURIER_MARKS[logo] : undefined;
}
