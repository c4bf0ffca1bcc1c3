import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API_ROUTES, ledgerQuery, ledgerResponse, okResponse } from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { BeanService } from "./beans.service";

export function beansRoutes(beans: BeanService): FastifyPluginAsyncZod {
  return async (app) => {
    // The recharge centre's history: balance, charges (with their refunds) and grants, newest first.
    app.get(
      API_ROUTES.beansLedger,
      { schema: { querystring: ledgerQuery, response: okResponse(ledgerResponse) } },
      async (request) => ok(request, await beans.ledger(request.user.userId, request.query)),
    );
  };
}
