/**
 * Route of the dashboard /board (spec 001 §2; issue 16): `GET Api.board` (/api/Noticeboard/GetBoard)
 * with BoardQuery → BoardData (contracts/board.ts). Needs a session (deny by default); who may read
 * which scope is decided in board.service.ts (404 project not visible, 403 company board).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, BoardData, BoardQuery } from '@bimdrive/contracts';
import { callerRoutes } from '../../lib/caller-routes.ts';
import type { Services } from '../../services.ts';

/** Register the board route. */
export function boardRoutes(s: Pick<Services, 'board'>): FastifyPluginAsyncZod {
  const { board } = s;
  return async (app) => {
    const route = callerRoutes(app, ['board']);
    route.get(Api.board, BoardQuery, BoardData, (caller, q) => board.board(caller, q));
  };
}
