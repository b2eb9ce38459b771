// Command payout-worker sends approved withdrawals to the payout partner.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/kickoffbet/sportsbook/internal/audit"
	"github.com/kickoffbet/sportsbook/internal/config"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/jobs"
	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/providers/payout"
	"github.com/kickoffbet/sportsbook/internal/wallet"
	"github.com/kickoffbet/sportsbook/internal/withdrawals"
)

func main() {
	log := config.Logger("payout-worker")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, config.Database())
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	txr := db.NewTxRunner(conn)
	ob := outbox.NewWriter()
	sender := payout.New(
		config.Must("PAYOUT_BASE_URL"),
		config.Must("PAYOUT_CLIENT_ID"),
		config.Must("PAYOUT_CLIENT_SECRET"),
		payout.DefaultPolicy(),
	)
	svc := withdrawals.NewService(conn, txr, wallet.NewStore(), idem.NewKeys(), limits.NewService(conn, txr, ob), ob,
		audit.NewLog(), sender,
		withdrawals.Config{
			Brand:       config.String("BRAND", "KickoffBet"),
			CallbackURL: config.String("PAYOUT_CALLBACK_URL", ""),
		},
		withdrawals.WithLogger(log),
	)

	batch := config.Int("PAYOUT_BATCH", 25)
	sched := &jobs.Scheduler{DB: conn, Log: log}
	sched.Add(jobs.Job{
		Name:    "payout-dispatch",
		Every:   config.Duration("PAYOUT_INTERVAL", 30*time.Second),
		Timeout: 5 * time.Minute,
		Run: func(ctx context.Context) error {
			n, err := svc.Dispatch(ctx, batch)
			if n > 0 {
				log.Info("payouts sent", "count", n)
			}
			return err
		},
	})
	log.Info("payout-worker started")
	sched.Run(ctx)
}
