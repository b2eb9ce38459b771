// Command api serves the member, farmer and partner-webhook HTTP API.
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

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/harvestloop/farmshare/internal/billing"
	"github.com/harvestloop/farmshare/internal/boxes"
	"github.com/harvestloop/farmshare/internal/credits"
	"github.com/harvestloop/farmshare/internal/harvests"
	"github.com/harvestloop/farmshare/internal/marketplace"
	"github.com/harvestloop/farmshare/internal/payouts"
	"github.com/harvestloop/farmshare/internal/pickups"
	"github.com/harvestloop/farmshare/internal/platform/config"
	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/idempotency"
	"github.com/harvestloop/farmshare/internal/platform/outbox"
	"github.com/harvestloop/farmshare/internal/platform/repository"
	"github.com/harvestloop/farmshare/internal/providers/bankxfer"
	"github.com/harvestloop/farmshare/internal/providers/cardpay"
	"github.com/harvestloop/farmshare/internal/providers/sms"
	"github.com/harvestloop/farmshare/internal/subscriptions"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(cfg.Timezone)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()

	now := time.Now
	tx := database.NewTransactor(db)
	ev := outbox.Writer{}

	cardpayClient := cardpay.New(cfg.CardpayBaseURL, cfg.CardpayAPIKey)
	bankClient := bankxfer.New(cfg.BankBaseURL, cfg.BankAPIKey, cfg.BankAccountID)
	smsClient := sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender)

	subSvc := subscriptions.NewService(tx, subscriptions.NewStore(), ev, idempotency.Claims{}, now)

	boxSvc := boxes.NewService(db, tx, boxes.NewStore(), repository.New[boxes.Swap]("box_swaps", "id"), now)

	pickupSvc := pickups.NewService(tx, smsClient, loc, now)

	billingSvc := billing.NewService(db, tx, billing.NewStore(), cardpayClient, ev, log)

	creditSvc := credits.NewService(db, tx, credits.NewStore(), billingSvc, now)
	replay := idempotency.Middleware(&idempotency.SQLCache{DB: db, TTL: 24 * time.Hour}, "credits.transfer")

	harvestSvc := harvests.NewService(db, tx, harvests.NewStore(), ev, now)

	payoutSvc := payouts.NewService(db, tx, payouts.NewStore(), bankClient, ev, log, now)

	marketSvc := marketplace.NewService(db, tx, marketplace.NewStore(), cardpayClient, ev, log, now)

	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = httpx.ErrorHandler
	e.Use(middleware.RequestID(), middleware.Recover(), middleware.BodyLimit("1M"))
	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	api := e.Group("/api/v1")
	subscriptions.NewHandler(subSvc, db).Register(api)
	boxes.NewHandler(boxSvc).Register(api)
	pickups.NewHandler(pickupSvc).Register(api)
	credits.NewHandler(creditSvc, replay).Register(api)
	harvests.NewHandler(harvestSvc).Register(api)
	marketplace.NewHandler(marketSvc).Register(api)

	payoutHandler := payouts.NewHandler(payoutSvc, payouts.NotificationLog{DB: db}, cfg.BankWebhookSecret)
	payoutHandler.Register(api)
	payoutHandler.RegisterWebhooks(e)
	billing.NewWebhookHandler(billingSvc, cfg.CardpayWebhookSecret).Register(e)

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	errCh := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errCh <- err
		}
		close(errCh)
	}()

	select {
	case err := <-errCh:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
