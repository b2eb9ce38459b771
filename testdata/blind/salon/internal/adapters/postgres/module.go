package postgres

import (
	"context"

	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/core/ports"
)

// Module provides the database handle, the transaction runner and every
// repository behind its port interface.
var Module = fx.Module("postgres",
	fx.Provide(
		Open,
		fx.Annotate(func(db *DB) *DB { return db }, fx.As(new(ports.TxRunner))),
		fx.Annotate(NewAppointmentRepo, fx.As(new(ports.AppointmentRepository))),
		fx.Annotate(NewCatalogRepo, fx.As(new(ports.CatalogRepository))),
		fx.Annotate(NewClientRepo, fx.As(new(ports.ClientRepository))),
		fx.Annotate(NewPaymentRepo, fx.As(new(ports.PaymentRepository))),
		fx.Annotate(NewVoucherRepo, fx.As(new(ports.VoucherRepository))),
		fx.Annotate(NewLoyaltyRepo, fx.As(new(ports.LoyaltyRepository))),
		fx.Annotate(NewWaitlistRepo, fx.As(new(ports.WaitlistRepository))),
		fx.Annotate(NewMessageRepo, fx.As(new(ports.MessageRepository))),
		fx.Annotate(NewPayoutRepo, fx.As(new(ports.PayoutRepository))),
		fx.Annotate(NewIdempotencyStore, fx.As(new(ports.IdempotencyStore))),
		fx.Annotate(NewInboxStore, fx.As(new(ports.InboxStore))),
	),
	fx.Invoke(func(lc fx.Lifecycle, db *DB) {
		lc.Append(fx.Hook{
			OnStart: func(ctx context.Context) error { return db.PingContext(ctx) },
			OnStop:  func(context.Context) error { return db.Close() },
		})
	}),
)

// MigrateOnStart runs the embedded migrations before the app starts serving.
var MigrateOnStart = fx.Invoke(func(lc fx.Lifecycle, db *DB) {
	lc.Append(fx.Hook{OnStart: func(ctx context.Context) error { return Migrate(ctx, db) }})
})
