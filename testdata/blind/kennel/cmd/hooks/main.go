// Command hooks receives provider webhooks: Stripe, the vet-records vendor
// and SMS delivery receipts.
package main

import (
	"context"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/pawsandstay/kennel/internal/app"
	"github.com/pawsandstay/kennel/internal/platform/config"
)

func main() {
	c, err := app.Core()
	if err != nil {
		log.Fatal(err)
	}
	if err := app.Hooks(c); err != nil {
		log.Fatal(err)
	}
	err = c.Invoke(func(srv *fiber.App, cfg *config.Config, logger *slog.Logger) error {
		if err := cfg.Require(
			"STRIPE_WEBHOOK_SECRET", cfg.StripeWebhookSecret,
			"VETRECORDS_WEBHOOK_SECRET", cfg.VetRecordsWebhookSecret,
		); err != nil {
			return err
		}
		errc := make(chan error, 1)
		go func() { errc <- srv.Listen(cfg.HooksAddr) }()
		logger.Info("hooks listening", "addr", cfg.HooksAddr)

		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
		select {
		case err := <-errc:
			return err
		case <-stop:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		return srv.ShutdownWithContext(ctx)
	})
	if err != nil {
		log.Fatal(err)
	}
}
