/**
 * GSTINs (GST-1): the 15-character GST identification number, checked by its shape, its state code
 * and its check character. Pure.
 *
 * Shape (CGST Rules, Rule 10 and Form GST REG-06): 2 digits of the state code, the holder's PAN
 * (5 letters, 4 digits, a letter), the entity number (1-9 or a letter), "Z" by default, and a
 * check character. The check character is the GSTN's base-36 checksum (a Luhn mod 36): over the
 * first 14 characters, each character's value (0-9, then A-Z as 10-35) multiplied by 1 and 2
 * alternately from the left, each product's base-36 digits added (product div 36 + product mod
 * 36); the check character is the value (36 − sum mod 36) mod 36.
 */

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A GSTIN's shape, without its check character's value. */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The GST state codes (GSTN's list of state codes, used in the first two characters and in the
 * place of supply, e.g. "29-Karnataka").
 */
const STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** The check character of a GSTIN's first 14 characters (upper case, base 36). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = BASE36.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/**
 * Why `gstin` (upper case, trimmed) is not a GSTIN, in words for a form or a configuration error;
 * undefined when it is one.
 */
export function gstinProblem(gstin: string): string | undefined {
  if (!GSTIN_SHAPE.test(gstin)) {
    return 'must be a 15-character GSTIN: state code, PAN, entity number, Z and a check character, e.g. 29ABCDE1234F1ZW';
  }
  if (STATE_CODES[gstin.slice(0, 2)] === undefined) {
    return `starts with ${gstin.slice(0, 2)}, which is no state code`;
  }
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) {
    return 'has a wrong check character (the 15th): check it for a typing mistake';
  }
  return undefined;
}

/** The place of supply of a GSTIN's state, as returns write it: "29-Karnataka". */
export function placeOfSupply(gstin: string): string {
  const code = gstin.slice(0, 2);
  return `${code}-${STATE_CODES[code] ?? 'Unknown'}`;
}
