/**
 * The payments job (issue 16): a pg-boss queue `payments-reconcile`, scheduled every minute, that
 * runs `paymentsService.reconcile` — unpaid orders are queried at their provider (a lost notification
 * is applied) and those unpaid for 2 h are closed at the provider, then here. One pass at a time
 * (singleton key); a pass that fails is simply tried again at the next minute.
 */
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../app-context.ts';
import type { PaymentsService } from './payments.service.ts';

export const PAYMENTS_QUEUE = 'payments-reconcile';

/** Create the queue, schedule it and work it in this process (roles all and worker). */
export async function startPaymentsJob(
  ctx: AppContext,
  boss: PgBoss,
  payments: PaymentsService,
): Promise<void> {
  await boss.createQueue(PAYMENTS_QUEUE, { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' });
  await boss.schedule(PAYMENTS_QUEUE, '* * * * *');
  await boss.work(PAYMENTS_QUEUE, async () => {
    const r = await payments.reconcile();
    if (r.paid + r.closed > 0) ctx.log.info(r, 'orders reconciled');
  });
}
