// Command api serves the depot HTTP API for merchants and warehouse staff.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/depotworks/depot/internal/api"
	"github.com/depotworks/depot/internal/carrier"
	"github.com/depotworks/depot/internal/config"
	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/platform/idgen"
	"github.com/depotworks/depot/internal/psp"
	"github.com/depotworks/depot/internal/service"
	"github.com/depotworks/depot/internal/store"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	log := cfg.Logger()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, cfg.DatabaseURL, db.Options{MaxOpenConns: 40, MaxIdleConns: 10, ConnMaxLifetime: 30 * time.Minute})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	clk := clock.System{}
	ids := idgen.NewULID(clk)
	outbound := &http.Client{Timeout: cfg.OutboundTimeout}
	repos := store.New(conn, store.WithClock(clk), store.WithIDGen(ids))

	carrierAPI := carrier.Instrumented{
		Next: carrier.New(cfg.CarrierURL, cfg.CarrierKey, cfg.CarrierAccount,
			carrier.WithHTTPClient(outbound), carrier.WithLogger(log)),
		Logger: log,
	}
	charger := psp.New(cfg.PSPURL, cfg.PSPSecret, psp.WithHTTPClient(outbound))

	common := []service.Option{
		service.WithClock(clk),
		service.WithIDGen(ids),
		service.WithLogger(log),
		service.WithHTTPClient(outbound),
		service.WithReservationHold(cfg.ReservationHold),
	}
	with := func(extra ...service.Option) []service.Option {
		return append(append([]service.Option{}, common...), extra...)
	}

	stock := service.NewInventoryService(repos, common...)
	deps := api.Deps{
		Inbound:  service.NewInboundService(repos, common...),
		Orders:   service.NewOrderService(repos, common...),
		Floor:    service.NewFulfilmentService(repos, stock, common...),
		Stock:    stock,
		Labels:   service.NewLabelService(repos, carrierAPI, cfg.CarrierName, cfg.WarehouseAddress, common...),
		Returns:  service.NewReturnService(repos, stock, cfg.ReturnFeeCents, with(service.WithIDGen(idgen.Prefixed{Prefix: "rma_", Next: ids}))...),
		Pickups:  service.NewPickupService(repos, carrierAPI, cfg.CarrierName, cfg.CarrierSite, common...),
		Billing:  service.NewBillingService(repos, charger, cfg.Currency, common),
		Webhooks: service.NewWebhookService(repos, common...),
		Auth:     api.StaticAuth{MerchantKeys: cfg.MerchantKeys, StaffTokens: cfg.StaffTokens},
		Logger:   log,
	}

	gin.SetMode(gin.ReleaseMode)
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           api.NewRouter(deps),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	log.Info("api listening", "addr", cfg.HTTPAddr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("serve", "err", err)
		os.Exit(1)
	}
}
