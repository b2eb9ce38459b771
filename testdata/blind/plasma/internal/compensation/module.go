package compensation

import (
	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
	"github.com/veinline/plasmaops/internal/platform/httpx"
	"github.com/veinline/plasmaops/internal/platform/webhook"
	"github.com/veinline/plasmaops/internal/providers/cardissuer"
)

// Module wires the compensation domain.
var Module = fx.Module("compensation",
	fx.Provide(
		NewRepository,
		NewService,
		NewHandler,
		func(c *cardissuer.Client) cardissuer.API { return c },
		func(i *webhook.Inbox) EventInbox { return i },
		grpcx.AsService(GRPCService),
		grpcx.AsIdempotent(AdjustBalanceIdempotency),

		NewTransactionsWebhook,
		NewCardsWebhook,
		httpx.AsRoute(func(h *TransactionsWebhook) httpx.Route {
			return httpx.Route{Pattern: "POST /webhooks/cardissuer/transactions", Handler: h}
		}),
		httpx.AsRoute(func(h *CardsWebhook) httpx.Route {
			return httpx.Route{Pattern: "POST /webhooks/cardissuer/cards", Handler: h}
		}),

		NewPayoutWorker,
		NewMilestoneBonusWorker,
		jobs.AsWorker(func(w *PayoutWorker) jobs.Registration { return jobs.Register(w) }),
		jobs.AsWorker(func(w *MilestoneBonusWorker) jobs.Registration { return jobs.Register(w) }),
	),
)
