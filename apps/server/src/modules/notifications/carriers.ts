import type { TCarrier } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { notificationsRepo, type CarrierRow } from './notifications.repo.js';

const present = (c: CarrierRow): TCarrier => ({ id: c.id, name: c.name, country: c.country, gateway_domain: c.gatewayDomain, retired: c.retired });

/**
 * GET /api/carriers (US) and GET /api/carriers/all (with international ones) (docs/requirements/maps.md#api):
 * the seeded email-to-SMS gateways (migration 0008), retired ones included and marked; every signed-in user sees the same.
 */
export async function listCarriers(ctx: AppContext, _principal: Principal, all: boolean): Promise<TCarrier[]> {
  return (await notificationsRepo.carriers(ctx.db, all ? null : ['US'])).map(present);
}

/**
 * The address an SMS to `phone` goes to through `carrier`'s gateway: the phone's digits (a
 * leading country code 1 dropped for US and Canadian numbers) @ the gateway domain.
 */
export function gatewayAddress(phone: string, carrier: Pick<CarrierRow, 'gatewayDomain' | 'country'>): string {
  let digits = phone.replace(/\D/g, '');
  if ((carrier.country === 'US' || carrier.country === 'CA') && digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return `${digits}@${carrier.gatewayDomain}`;
}
