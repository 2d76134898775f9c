/** `POST Api.logout` — end the session (000 §4 Log-out). */
import { Api } from '@bimdrive/contracts';
import { request } from '../../../lib/api-client.ts';

/** Tell the server the session ends; failures are ignored (the client clears its state anyway). */
export async function logout(): Promise<void> {
  await request<null>({ method: 'POST', url: Api.logout, data: {}, silent: true });
}
