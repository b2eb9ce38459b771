// Command vendor-webhooks receives callbacks from Roomly, RxRelay and
// Stripe.
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

	"github.com/carelink/telehealth/internal/api/webhooks"
	"github.com/carelink/telehealth/internal/config"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/platform/kafkax"
	"github.com/carelink/telehealth/internal/store"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "vendor-webhooks")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	defer d.Close()

	pub := kafkax.NewPublisher(cfg.KafkaBrokers, cfg.SessionTopic)
	defer pub.Close()

	videoHooks := &webhooks.Video{
		Secret:     cfg.VideoWebhookSecret,
		Publisher:  pub,
		Recordings: store.NewSessionRepo(d),
		Log:        log.With("vendor", "roomly"),
		Now:        time.Now,
	}
	rxHooks := &webhooks.Pharmacy{
		DB:     d,
		Rx:     store.NewPrescriptionRepo(d),
		Secret: cfg.PharmacyHookKey,
		Log:    log.With("vendor", "rxrelay"),
	}
	stripeHooks := &webhooks.Stripe{
		DB:     d,
		Events: store.NewStripeEventRepo(),
		Copays: store.NewCopayRepo(d),
		Secret: cfg.StripeWebhookSecret,
		Log:    log.With("vendor", "stripe"),
	}

	srv := httpx.NewServer(cfg.HooksAddr, webhooks.NewRouter(videoHooks, rxHooks, stripeHooks, log))
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	log.Info("listening", "addr", cfg.HooksAddr)
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		log.Error("serve", "err", err)
		os.Exit(1)
	}
}
