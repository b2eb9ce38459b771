// Command api serves the railcar leasing REST API and inbound webhooks.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/ironbridge-leasing/railcars/internal/app"
	"github.com/ironbridge-leasing/railcars/internal/config"
	"github.com/ironbridge-leasing/railcars/internal/httpapi"
	"github.com/ironbridge-leasing/railcars/internal/messaging/sqsq"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
	"github.com/ironbridge-leasing/railcars/internal/provider/ach"
	"github.com/ironbridge-leasing/railcars/internal/provider/shopnet"
	"github.com/ironbridge-leasing/railcars/internal/provider/stripepay"
	"github.com/ironbridge-leasing/railcars/internal/repo"
	"github.com/ironbridge-leasing/railcars/internal/service"
)

func main() {
	log := app.Logger("api")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	pool, err := app.OpenDB(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer pool.Close()
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		log.Error("aws config", "err", err)
		os.Exit(1)
	}

	tx := db.NewTxRunner(pool)
	var (
		customers = repo.Customers{}
		cars      = repo.Cars{}
		leases    = repo.Leases{}
		schedules = repo.BillingSchedules{}
		keys      = repo.IdempotencyKeys{}
		outbox    = repo.Outbox{}
		webhooks  = repo.Webhooks{}
		moves     = repo.Movements{}
		demurrage = repo.Demurrage{}
		invoices  = repo.Invoices{}
		memos     = repo.CreditMemos{}
		mileage   = repo.Mileage{}
		payments  = repo.Payments{}
		orders    = repo.WorkOrders{}
	)

	cards := stripepay.New(cfg.StripeKey)
	clearpath := ach.New(cfg.ClearPathURL, cfg.ClearPathKey, nil)
	manualQueue := sqsq.NewFIFOPublisher(sqs.NewFromConfig(awsCfg), cfg.ManualQueue, "internal")

	leaseSvc := service.NewLeaseService(service.LeaseDeps{
		Tx: tx, Leases: leases, Cars: cars, Customers: customers, Schedules: schedules,
		Keys: keys, Events: outbox,
	})
	movementSvc := service.NewMovementService(service.MovementDeps{
		Tx: tx, Moves: moves, Cars: cars, Leases: leases, Events: outbox,
		Queue: manualQueue, Switches: app.Switches(cfg), Log: log,
	})
	demurrageSvc := service.NewDemurrageService(tx, moves, demurrage, leases, outbox, log)
	billingSvc := service.NewBillingService(service.BillingDeps{
		Tx: tx, Leases: leases, Schedules: schedules, Invoices: invoices, Memos: memos,
		Demurrage: demurrage, Mileage: mileage, Events: outbox, Log: log,
	})
	paymentSvc := service.NewPaymentService(service.PaymentDeps{
		Tx: tx, Payments: payments, Invoices: invoices, Customers: customers,
		Webhooks: webhooks, Events: outbox, Cards: cards, Log: log,
		Rails: []service.Rail{
			service.CardRail{Gateway: cards},
			service.ACHRail{Gateway: clearpath, NewKey: ids.New},
		},
	})
	maintenanceSvc := service.NewMaintenanceService(service.MaintenanceDeps{
		Tx: tx, Orders: orders, Cars: cars, Leases: leases, Events: outbox,
		Network: shopnet.New(cfg.ShopNetURL, cfg.ShopNetKey), Rent: leaseSvc, Log: log,
	})

	srv := &httpapi.Server{
		Leases:      leaseSvc,
		Movements:   movementSvc,
		Demurrage:   demurrageSvc,
		Billing:     billingSvc,
		Payments:    paymentSvc,
		Maintenance: maintenanceSvc,
		Idempotent:  httpapi.Idempotent{Keys: keys, DB: pool, Log: log},
		Secrets: httpapi.WebhookSecrets{
			Stripe:    cfg.StripeWebhookSecret,
			ClearPath: cfg.ClearPathSecret,
			ShopNet:   cfg.ShopNetSecret,
			EDIToken:  cfg.EDIGatewayToken,
		},
		Log: log,
	}

	httpSrv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           srv.Routes(),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = httpSrv.Shutdown(shutdownCtx)
	}()
	log.Info("listening", "addr", cfg.HTTPAddr)
	if err := httpSrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("http server", "err", err)
		os.Exit(1)
	}
}
