// Package app wires the platform's components with fx. Each binary under
// cmd/ picks the modules it needs.
package app

import (
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/config"
	"github.com/dinein/platform/internal/obs"
	"github.com/dinein/platform/internal/store"
)

// Base provides configuration, logging, metrics and the database pool.
var Base = fx.Options(
	fx.Provide(
		config.Load,
		obs.NewLogger,
		obs.NewMetrics,
		fx.Annotate(store.NewPool, fx.As(fx.Self()), fx.As(new(store.DB))),
	),
	fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
		return &fxevent.ZapLogger{Logger: log.Named("fx")}
	}),
)

// Repositories binds the Postgres repositories to their interfaces.
var Repositories = fx.Provide(
	fx.Annotate(store.NewOrderRepository, fx.As(new(store.OrderRepository))),
	fx.Annotate(store.NewIdempotencyRepository, fx.As(new(store.IdempotencyRepository))),
	fx.Annotate(store.NewPaymentRepository, fx.As(new(store.PaymentRepository))),
	fx.Annotate(store.NewRefundRepository, fx.As(new(store.RefundRepository))),
	fx.Annotate(store.NewLedgerRepository, fx.As(new(store.LedgerRepository))),
	fx.Annotate(store.NewPayoutRepository, fx.As(new(store.PayoutRepository))),
	fx.Annotate(store.NewCreditRepository, fx.As(new(store.CreditRepository))),
	fx.Annotate(store.NewDispatchRepository, fx.As(new(store.DispatchRepository))),
	fx.Annotate(store.NewNotificationRepository, fx.As(new(store.NotificationRepository))),
	fx.Annotate(store.NewInbox, fx.As(new(store.Inbox))),
	fx.Annotate(store.NewMenuRepository, fx.As(new(store.MenuRepository))),
	fx.Annotate(store.NewDirectory, fx.As(new(store.Directory))),
	fx.Annotate(store.NewDisputeRepository, fx.As(new(store.DisputeRepository))),
	fx.Annotate(store.NewLoyaltyRepository, fx.As(new(store.LoyaltyRepository))),
)
