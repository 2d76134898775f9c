/** Names of plans on the pay pages (000 §9 plan table): 免费试用, 个人版, 企业版 N 人. */
import { planById, TRIAL_PLAN_ID } from '@bimdrive/contracts';
import type { TFunction } from 'i18next';

/** The display name of a plan id (an unknown id shows as itself). */
export function planLabel(t: TFunction, planId: string): string {
  if (planId === TRIAL_PLAN_ID) return t('billing:planTrial');
  const plan = planById(planId);
  if (!plan) return planId;
  if (plan.buyer === 'person') return t('billing:planPersonal');
  return t(plan.contactSupplier ? 'billing:planContact' : 'billing:planCorp', { persons: plan.persons });
}
