/**
 * Indian GST helpers: GSTIN validation and state codes.
 * GSTIN layout (CBIC): 2-digit state code, 10-character PAN, entity number, "Z", check character; the check
 * character is the mod-36 Luhn-style checksum the GST portal uses (verified against published GSTINs such as
 * 27AAPFU0939F1ZV and 29AAGCB7383J1Z4).
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function gstinCheckChar(first14: string): string {
  let total = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = ALPHABET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    total += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (total % 36)) % 36);
}

/** Why a GSTIN is invalid, or null when it is well-formed with a correct check character and a known state. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN.test(gstin)) return 'a GSTIN is 15 characters: 2-digit state code, 10-character PAN, entity number, "Z", check character';
  if (!STATE_NAMES[gstin.slice(0, 2)]) return `state code ${gstin.slice(0, 2)} is not a GST state code`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin.charAt(14)) return 'the check character (15th) does not match';
  return null;
}

/** GST state codes (GST portal list). */
export const STATE_NAMES: Record<string, string> = {
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
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before reorganisation)',
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
  '99': 'Centre Jurisdiction',
};

/**
 * Union territories without a legislature levy UTGST instead of SGST (UTGST Act 2017): Chandigarh, Daman and
 * Diu / Dadra and Nagar Haveli, Lakshadweep, Andaman and Nicobar Islands, Ladakh. Delhi, Puducherry and Jammu
 * and Kashmir have legislatures and levy SGST.
 */
export const UTGST_STATES = new Set(['04', '25', '26', '31', '35', '38']);
