// Command cron runs one scheduled job and exits: `cron <job>`.
package main

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/lenslane/photomarket/internal/booking"
	"github.com/lenslane/photomarket/internal/config"
	"github.com/lenslane/photomarket/internal/cronjobs"
	"github.com/lenslane/photomarket/internal/ledger"
	"github.com/lenslane/photomarket/internal/notifications"
	"github.com/lenslane/photomarket/internal/notify"
	"github.com/lenslane/photomarket/internal/payment"
	"github.com/lenslane/photomarket/internal/repo"
	"github.com/lenslane/photomarket/internal/statements"
	"github.com/lenslane/photomarket/internal/store"
	"github.com/lenslane/photomarket/internal/stripepay"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <job>")
		os.Exit(2)
	}
	if err := run(logger, os.Args[1]); err != nil {
		logger.Error("job failed", "job", os.Args[1], "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger, name string) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	st := store.New(pool, watermill.NewSlogLogger(logger))
	stripeClient := stripepay.New(stripepay.Config{SecretKey: cfg.StripeSecretKey})
	messaging := notify.New(cfg.NotifyURL, cfg.NotifyAPIKey, cfg.NotifyFromPhone, cfg.NotifyFromEmail)

	jobs := cronjobs.Table(cronjobs.Deps{
		Reminders: notifications.New(st.Q, messaging, messaging,
			repo.New[notifications.Record](pool), cfg.AppURL, logger),
		Statements: &statements.Generator{Q: st.Q, Logger: logger},
		Balances:   payment.NewService(st.Q, stripeClient),
		Holds: booking.NewService(booking.Deps{
			Store:    st,
			Queries:  st.Q,
			Payments: stripeClient,
			Ledger:   &ledger.Poster{DB: pool},
			Messages: repo.New[booking.Message](pool),
		}),
		BalanceWindow: time.Duration(cfg.BalanceWindowDays) * 24 * time.Hour,
		Logger:        logger,
	})
	start := time.Now()
	err = cronjobs.Run(ctx, jobs, name, start.UTC())
	logger.Info("job finished", "job", name, "duration", time.Since(start), "ok", err == nil)
	return err
}
