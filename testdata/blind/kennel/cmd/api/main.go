// Command api serves the public booking API used by the owner app and the
// front-desk tablets.
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
	"github.com/pawsandstay/kennel/internal/platform/queue"
)

func main() {
	c, err := app.Core()
	if err != nil {
		log.Fatal(err)
	}
	if err := app.API(c); err != nil {
		log.Fatal(err)
	}
	err = c.Invoke(func(srv *fiber.App, cfg *config.Config, _ *queue.Client, logger *slog.Logger) error {
		if err := cfg.Require("STRIPE_SECRET_KEY", cfg.StripeSecretKey, "SMS_API_KEY", cfg.SMSAPIKey); err != nil {
			return err
		}
		errc := make(chan error, 1)
		go func() { errc <- srv.Listen(cfg.HTTPAddr) }()
		logger.Info("api listening", "addr", cfg.HTTPAddr)

		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
		select {
		case err := <-errc:
			return err
		case <-stop:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		return srv.ShutdownWithContext(ctx)
	})
	if err != nil {
		log.Fatal(err)
	}
}
