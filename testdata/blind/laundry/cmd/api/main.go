// Command api serves the mobile app API and the partner webhooks.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"

	"github.com/freshpress/laundry/internal/app"
	"github.com/freshpress/laundry/internal/httpapi"
	"github.com/freshpress/laundry/internal/jobs"
	"github.com/freshpress/laundry/internal/webhooks"
)

func main() {
	cfg := app.LoadConfig()
	log := app.NewLogger("api")
	ctx, stop := app.SignalContext()
	defer stop()

	db, err := app.OpenGorm(ctx, cfg)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	ledgerDB, err := app.OpenLedger(ctx, cfg)
	if err != nil {
		log.Error("ledger", "err", err)
		os.Exit(1)
	}
	defer ledgerDB.Close()

	queue := app.NewAsynqClient(cfg)
	defer queue.Close()
	enqueuer := jobs.NewEnqueuer(queue)

	core := app.NewCore(db, ledgerDB, log)
	processor := app.NewProcessor(cfg, log)
	loyaltySvc := app.NewLoyalty(core)
	billingSvc := app.NewBilling(core, cfg, processor, enqueuer, loyaltySvc)
	dispatchSvc := app.NewDispatch(core, cfg, app.NewCourier(cfg))
	ordersSvc := app.NewOrders(core, billingSvc, enqueuer)

	e := httpapi.NewEcho(&httpapi.API{
		Orders:   ordersSvc,
		Billing:  billingSvc,
		Dispatch: dispatchSvc,
		Loyalty:  loyaltySvc,
		Keys:     core.Repos.Idem,
		Log:      log,
	},
		webhooks.NewProcessor(cfg.ProcessorSecret, billingSvc, log.With("component", "processor-webhooks")),
		webhooks.NewCourier(cfg.CourierSecret, dispatchSvc, log.With("component", "courier-webhooks")),
	)

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	log.Info("listening", "addr", cfg.HTTPAddr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("server", "err", err)
		os.Exit(1)
	}
}
