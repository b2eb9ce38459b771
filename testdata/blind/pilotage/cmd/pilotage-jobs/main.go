// Command pilotage-jobs runs one batch job and exits:
//
//	pilotage-jobs monthly-statement | invoice-run | invoice-mailer
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/harbourline-systems/pilotage/internal/billing"
	"github.com/harbourline-systems/pilotage/internal/config"
	"github.com/harbourline-systems/pilotage/internal/cron"
	"github.com/harbourline-systems/pilotage/internal/mailer"
	"github.com/harbourline-systems/pilotage/internal/platform"
	"github.com/harbourline-systems/pilotage/internal/portauthority"
	"github.com/harbourline-systems/pilotage/internal/statements"
	"github.com/harbourline-systems/pilotage/internal/store"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: pilotage-jobs <job>")
		os.Exit(2)
	}

	var (
		registry cron.Registry
		pool     *pgxpool.Pool
		log      *slog.Logger
	)
	app := fx.New(
		fx.NopLogger,
		fx.Provide(
			config.Load,
			platform.NewLogger,
			store.NewPool,
			store.NewQueries,
			fx.Annotate(store.NewUnitOfWork, fx.As(new(store.UnitOfWork))),
			fx.Annotate(portauthority.NewClient, fx.As(new(statements.Authority))),
			fx.Annotate(mailer.NewClient, fx.As(new(billing.Mailer))),
			statements.NewFiler,
			billing.NewInvoiceRun,
			billing.NewInvoiceMailer,
			newRegistry,
		),
		fx.Populate(&registry, &pool, &log),
	)

	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()

	if err := app.Start(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "start:", err)
		os.Exit(1)
	}
	runErr := registry.Run(ctx, os.Args[1], cron.SingleFlight(pool))

	stopCtx, stopCancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer stopCancel()
	_ = app.Stop(stopCtx)

	if runErr != nil {
		log.Error("job failed", "job", os.Args[1], "err", runErr)
		os.Exit(1)
	}
}

func newRegistry(
	statement *statements.Filer,
	invoices *billing.InvoiceRun,
	mail *billing.InvoiceMailer,
) cron.Registry {
	return cron.Registry{
		"monthly-statement": statement.Run,
		"invoice-run":       invoices.Run,
		"invoice-mailer":    mail.Run,
	}
}
