/** Whole dollars without cents ('$99'), other amounts with two decimals ('$12.50'). */
const usd = (amount: number, cents: boolean) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 }).format(amount);

/**
 * A plan's monthly price as the pricing and billing pages show it (docs/requirements/administration.md#administration): `dollars` is US dollars per month
 * (GET /api/plans `monthly_price`); 0 → 'Free', 99 → '$99 / month', 12.5 → '$12.50 / month'.
 */
export function formatMonthlyPrice(dollars: number): string {
  if (dollars <= 0) return 'Free';
  return `${usd(dollars, !Number.isInteger(dollars))} / month`;
}

/** A per-piece price of on-demand orders (GET /api/plans `piece_prices`, US dollars): 1.25 → '$1.25', 1 → '$1.00'. */
export const formatPiecePrice = (amount: number): string => usd(amount, true);
