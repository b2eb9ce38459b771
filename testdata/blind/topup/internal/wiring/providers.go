// Package wiring holds the provider set for the reseller gateway. It follows
// google/wire conventions: providers below, and an injector in
// wire_gen.go that is kept in sync by hand (we dropped the wire binary from
// the toolchain, the graph is small enough).
package wiring

import (
	"log/slog"

	"github.com/jmoiron/sqlx"
	"google.golang.org/grpc"
	"gorm.io/gorm"

	"github.com/example/topup/internal/api/resellergrpc"
	"github.com/example/topup/internal/api/resellerhttp"
	"github.com/example/topup/internal/carrier"
	"github.com/example/topup/internal/jobs"
	"github.com/example/topup/internal/ledger"
	"github.com/example/topup/internal/payments"
	"github.com/example/topup/internal/reseller"
	"github.com/example/topup/internal/store/sqlxstore"
	"github.com/example/topup/internal/webhooks"
)

// Shared are the dependencies built by main and handed to the reseller graph.
type Shared struct {
	SQLX     *sqlx.DB
	Gorm     *gorm.DB
	Payments payments.Gateway
	Carrier  carrier.API
	Jobs     jobs.Queue
	Webhooks *webhooks.Sender
	Log      *slog.Logger
}

func ProvideLedger(db *gorm.DB) *ledger.Ledger { return ledger.New(db) }

func ProvideBatchRepo() *sqlxstore.Batches { return sqlxstore.NewBatches() }

func ProvideResellerRepo() *sqlxstore.Resellers { return sqlxstore.NewResellers() }

func ProvideWebhookRepo() *sqlxstore.Webhooks { return sqlxstore.NewWebhooks() }

func ProvideBillingRepo() *sqlxstore.Billing { return sqlxstore.NewBilling() }

func ProvideIdempotencyRepo() *sqlxstore.Idempotency { return sqlxstore.NewIdempotency() }

func ProvideBatchService(db *sqlx.DB, repo *sqlxstore.Batches, l *ledger.Ledger, c carrier.API, q jobs.Queue, log *slog.Logger) *reseller.BatchService {
	return reseller.NewBatchService(db, repo, l, c, q, log)
}

func ProvideWalletService(l *ledger.Ledger, gw payments.Gateway, c carrier.API, log *slog.Logger) *reseller.WalletService {
	return reseller.NewWalletService(l, gw, c, log)
}

func ProvideBillingService(db *sqlx.DB, repo *sqlxstore.Billing, rs *sqlxstore.Resellers, q jobs.Queue, log *slog.Logger) *reseller.BillingService {
	return reseller.NewBillingService(db, repo, rs, q, log)
}

func ProvideNotifier(db *sqlx.DB, repo *sqlxstore.Webhooks, sender *webhooks.Sender, log *slog.Logger) *reseller.Notifier {
	return reseller.NewNotifier(db, repo, sender, log)
}

func ProvideGRPCServer(db *sqlx.DB, rs *sqlxstore.Resellers, batches *reseller.BatchService, wallets *reseller.WalletService, log *slog.Logger) *grpc.Server {
	srv := resellergrpc.NewServer(resellergrpc.Deps{Batches: batches, Wallets: wallets, Log: log})
	return resellergrpc.NewGRPCServer(srv, resellergrpc.AuthInterceptor(db, rs))
}

func ProvideHTTPServer(db *sqlx.DB, wallets *reseller.WalletService, rs *sqlxstore.Resellers, idem *sqlxstore.Idempotency, log *slog.Logger) *resellerhttp.Server {
	return resellerhttp.New(db, wallets, rs, idem, log)
}
