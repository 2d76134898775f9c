/** The hub events' schemas, imported on demand by hub-schemas.ts (a module of their own, so that chunk holds only them and zod). */
export { FileStatusEvent, FileVersionEvent, PaySuccessEvent } from '@bimdrive/contracts';
