package wiring

import (
	"google.golang.org/grpc"

	"github.com/example/topup/internal/api/resellerhttp"
	"github.com/example/topup/internal/reseller"
)

// ResellerGateway is everything the reseller side exposes to main.
type ResellerGateway struct {
	GRPC    *grpc.Server
	HTTP    *resellerhttp.Server
	Batches *reseller.BatchService
	Wallets *reseller.WalletService
	Billing *reseller.BillingService
	Notify  *reseller.Notifier
}

// InitializeResellerGateway is the injector for the reseller provider set.
func InitializeResellerGateway(s Shared) *ResellerGateway {
	ledgerLedger := ProvideLedger(s.Gorm)
	batches := ProvideBatchRepo()
	resellers := ProvideResellerRepo()
	webhookRepo := ProvideWebhookRepo()
	billingRepo := ProvideBillingRepo()
	idempotency := ProvideIdempotencyRepo()
	batchService := ProvideBatchService(s.SQLX, batches, ledgerLedger, s.Carrier, s.Jobs, s.Log)
	walletService := ProvideWalletService(ledgerLedger, s.Payments, s.Carrier, s.Log)
	billingService := ProvideBillingService(s.SQLX, billingRepo, resellers, s.Jobs, s.Log)
	notifier := ProvideNotifier(s.SQLX, webhookRepo, s.Webhooks, s.Log)
	grpcServer := ProvideGRPCServer(s.SQLX, resellers, batchService, walletService, s.Log)
	httpServer := ProvideHTTPServer(s.SQLX, walletService, resellers, idempotency, s.Log)
	return &ResellerGateway{
		GRPC:    grpcServer,
		HTTP:    httpServer,
		Batches: batchService,
		Wallets: walletService,
		Billing: billingService,
		Notify:  notifier,
	}
}
