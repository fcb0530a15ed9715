/**
 * Real-shaped mailing lists for load tests and benchmarks: `rows` records of 21 columns of varied
 * free text — names, street addresses, US cities with their states and ZIPs, product descriptions
 * with punctuation and quotes, prices and quantities with decimals, dates, free notes — generated
 * from `seed` (the same seed gives the same file). Not uniform rows: lengths and characters vary the
 * way a sales export's do, which is what makes search indexing and planning costly.
 */
const FIRST = ['María', 'John', 'Aïsha', 'Wei', 'Olúwaseun', 'Zoë', 'Dmitri', "O'Neil", 'Anne-Marie', 'José', 'Priya', 'Łukasz', 'Chloé', 'Kenji', 'Fatima', 'Björn'];
const LAST = ['García', 'Smith', "D'Angelo", 'Nguyen', 'Müller', 'van der Berg', 'Okafor', 'Kowalski', 'Johnson-Lee', 'Øster', 'Hernández', 'MacLeod', 'Ivanova', 'Tanaka'];
const STREETS = ['Main St', 'Oak Avenue', 'Martin Luther King Jr Blvd', 'Elm St Apt 4B', 'Route 66', 'Broadway #1200', 'County Road 12', 'Rue de la Paix', 'Sunset Blvd., Suite 300'];
const PLACES: Array<[string, string, string]> = [
  ['Boston', 'MA', '02108'], ['New York', 'NY', '10001'], ['Austin', 'TX', '78701'], ['Seattle', 'WA', '98101'], ['Miami', 'FL', '33101'],
  ['Denver', 'CO', '80202'], ['Chicago', 'IL', '60601'], ['Portland', 'OR', '97201'], ['Phoenix', 'AZ', '85001'], ['Newark', 'NJ', '07102'],
];
const PRODUCTS = ['Classic Cars', 'Motorcycles', 'Planes', 'Ships', 'Trains', 'Trucks and Buses', 'Vintage Cars'];
const WORDS = ['1:18 scale', 'die-cast', '"limited edition"', 'replica', 'hand-painted', 'with opening doors,', 'chrome wheels;', 'rubber tires', 'detailed engine', '(boxed)', 'steerable', 'collector’s', 'né 1952', '—restored'];
const STATUS = ['Shipped', 'Resolved', 'On Hold', 'In Process', 'Cancelled', 'Disputed'];

export const VARIED_HEADERS = [
  'ORDERNUMBER', 'QUANTITYORDERED', 'PRICEEACH', 'ORDERLINENUMBER', 'SALES', 'ORDERDATE', 'STATUS', 'PRODUCTLINE', 'MSRP', 'PRODUCTCODE',
  'CUSTOMERNAME', 'PHONE', 'ADDRESSLINE1', 'ADDRESSLINE2', 'CITY', 'STATE', 'POSTALCODE', 'COUNTRY', 'CONTACTLASTNAME', 'CONTACTFIRSTNAME', 'NOTES',
];

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The rows (without the header) of a varied list. */
export function variedRows(rows: number, seed = 1): string[][] {
  const r = prng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const out: string[][] = [];
  for (let i = 0; i < rows; i++) {
    const [city, state, zip] = pick(PLACES);
    const qty = 1 + Math.floor(r() * 90);
    const price = (10 + r() * 240).toFixed(2);
    const first = pick(FIRST);
    const last = pick(LAST);
    out.push([
      String(10100 + Math.floor(i / 4)), String(qty), price, String(1 + (i % 18)), (qty * Number(price)).toFixed(2),
      `${1 + Math.floor(r() * 12)}/${1 + Math.floor(r() * 28)}/20${10 + Math.floor(r() * 15)} 0:00`, pick(STATUS), pick(PRODUCTS),
      String(Math.floor(20 + r() * 200)), `S${10 + Math.floor(r() * 80)}_${1000 + Math.floor(r() * 9000)}`,
      `${last} ${pick(['Gifts', 'Collectables, Inc.', '& Co.', 'Imports Ltd.', 'Souvenirs'])}`,
      `+1 (${200 + Math.floor(r() * 700)}) ${100 + Math.floor(r() * 900)}-${1000 + Math.floor(r() * 9000)}`,
      `${1 + Math.floor(r() * 9999)} ${pick(STREETS)}`, r() < 0.3 ? `Level ${Math.floor(r() * 30)}` : '',
      city, state, zip, 'USA', last, first,
      r() < 0.5 ? words(3 + Math.floor(r() * 25)) : '',
    ]);
  }
  return out;
}

/** A varied list as CSV text (RFC 4180 quoting). */
export function variedCsv(rows: number, seed = 1): string {
  const q = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [VARIED_HEADERS, ...variedRows(rows, seed)].map((row) => row.map(q).join(',')).join('\r\n') + '\r\n';
}
