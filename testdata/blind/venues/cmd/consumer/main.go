// Command consumer runs the watermill handlers for webhooks, vendor
// confirmations and booking events.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jmoiron/sqlx"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/app"
	"github.com/vowhall/venues/internal/consumer"
)

func main() {
	c := dig.New()
	extra := []app.Provider{
		{Ctor: consumer.NewPaymentHandlers},
		{Ctor: consumer.NewContractHandlers},
		{Ctor: consumer.NewVendorHandlers},
		{Ctor: consumer.NewDispatchHandlers},
		{Ctor: consumer.NewRouter},
	}
	if err := app.Provide(c, append(app.All(), extra...)...); err != nil {
		slog.Error("wire consumer", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("consumer stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func run(r *message.Router, pub message.Publisher, db *sqlx.DB, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer db.Close()
	defer pub.Close()

	log.Info("consumer starting")
	return r.Run(ctx)
}
