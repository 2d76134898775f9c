/**
 * Entry of the SPA (DESIGN "Web"), kept tiny: a share link's boot (app/share-boot.ts: its info call
 * and, for a public model, the first frame) runs first, then the app (app/start-app.tsx) loads and
 * starts; off share links that is at once. A share link's boot has the network and the main thread
 * to itself until the model's first frame is on screen.
 */
import { startShareBoot } from './app/share-boot.ts';

void startShareBoot().then(() => import('./app/start-app.tsx'));
