// Command api serves the customer API, the warehouse/admin API and the
// provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/circuitback/buyback/internal/config"
	"github.com/circuitback/buyback/internal/httpapi"
	"github.com/circuitback/buyback/internal/pipeline"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/provider/carrier"
	"github.com/circuitback/buyback/internal/provider/marketplace"
	"github.com/circuitback/buyback/internal/provider/payouts"
	"github.com/circuitback/buyback/internal/repository"
	"github.com/circuitback/buyback/internal/service"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if err := run(); err != nil {
		slog.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	if cfg.RunMigrations {
		if err := database.Migrate(cfg.DatabaseURL, cfg.MigrationsDir); err != nil {
			return err
		}
	}
	db, err := database.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	tx := database.NewTransactor(db)

	temporalClient, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    slog.Default(),
	})
	if err != nil {
		return err
	}
	defer temporalClient.Close()

	// Repositories.
	customers := repository.NewCustomerRepository(db)
	idem := repository.NewIdempotencyRepository(db)
	quotes := repository.NewQuoteRepository(db)
	tradeIns := repository.NewTradeInRepository(db)
	shipments := repository.NewShipmentRepository(db)
	webhookEvents := repository.NewWebhookEventRepository(db)
	outbox := repository.NewOutboxRepository(db)
	devices := repository.NewDeviceRepository(db)
	intake := repository.NewIntakeRepository(db, nil)
	gradings := repository.NewGradingRepository(db)
	wipes := repository.NewWipeRepository(db)
	payoutRepo := repository.NewPayoutRepository(db)
	ledger := repository.NewLedgerRepository(db)
	credits := repository.NewStoreCreditRepository(db)
	listings := repository.NewListingRepository(db)
	orders := repository.NewOrderRepository(db)

	// Provider clients.
	carrierClient := carrier.New(cfg.CarrierBaseURL, cfg.CarrierAPIKey, cfg.CarrierAccount)
	payoutsClient := payouts.New(cfg.PayoutsBaseURL, cfg.PayoutsAPIKey)
	marketClient := marketplace.New(cfg.MarketplaceBaseURL, cfg.MarketplaceSellerID, cfg.MarketplaceAPIKey)

	prices := service.DefaultPriceBook()

	// Services.
	quoteSvc := service.NewQuoteService(service.QuoteServiceDeps{
		Tx: tx, Quotes: quotes, TradeIns: tradeIns, Shipments: shipments, Idempotency: idem,
		Carrier: carrierClient, Prices: prices,
		WarehouseAddressID: cfg.WarehouseAddress, QuoteTTL: cfg.QuoteTTL,
	})
	customerSvc := service.NewCustomerService(tx, customers, payoutsClient)
	tradeInSvc := service.NewTradeInService(tradeIns, pipeline.NewSignaler(temporalClient))
	warehouseSvc := service.NewWarehouseService(service.WarehouseDeps{
		Tx: tx, Devices: devices, Intake: intake, Gradings: gradings, Wipes: wipes,
		TradeIns: tradeIns, Shipments: shipments, Outbox: outbox,
	})
	payoutSvc := service.NewPayoutService(service.PayoutDeps{
		Tx: tx, Payouts: payoutRepo, TradeIns: tradeIns, Customers: customers, Ledger: ledger,
		Credits: credits, Events: webhookEvents, Idempotency: idem, Outbox: outbox,
		API: payoutsClient, Prices: prices,
	})
	trackingSvc := service.NewTrackingService(tx, shipments, tradeIns, webhookEvents, outbox)
	marketSvc := service.NewMarketplaceService(service.MarketplaceDeps{
		Tx: tx, Listings: listings, Orders: orders, Devices: devices, Gradings: gradings,
		TradeIns: tradeIns, Events: webhookEvents, Outbox: outbox, API: marketClient, Prices: prices,
	})

	hooks := httpapi.NewWebhookHandlers(trackingSvc, payoutSvc, marketSvc, httpapi.WebhookSecrets{
		Carrier:     cfg.CarrierWebhookSecret,
		Payouts:     cfg.PayoutsWebhookSecret,
		Marketplace: cfg.MarketplaceWebhookSecret,
	})
	e := httpapi.New(httpapi.Deps{
		Quotes:    quoteSvc,
		Customers: customerSvc,
		TradeIns:  tradeInSvc,
		Warehouse: warehouseSvc,
		Payouts:   payoutSvc,
		Webhooks:  hooks,
		StaffKeys: parseStaffKeys(os.Getenv("STAFF_API_KEYS")),
	})

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	errc := make(chan error, 1)
	go func() {
		slog.Info("api listening", "addr", cfg.HTTPAddr)
		if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
		close(errc)
	}()

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return e.Shutdown(shutdownCtx)
}

// parseStaffKeys reads "key1:staff1,key2:staff2".
func parseStaffKeys(s string) map[string]string {
	keys := map[string]string{}
	for _, pair := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(pair), ":")
		if ok && k != "" {
			keys[k] = v
		}
	}
	return keys
}
