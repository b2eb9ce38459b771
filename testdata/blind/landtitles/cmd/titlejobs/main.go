// Command titlejobs runs one batch job by name; cron invokes it.
//
//	titlejobs accrue-interest
//	titlejobs issue-policies
//	titlejobs relay-outbox
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/cobaltmesa/titleworks/internal/config"
	"github.com/cobaltmesa/titleworks/internal/jobs"
	"github.com/cobaltmesa/titleworks/internal/platform/kafkapub"
	"github.com/cobaltmesa/titleworks/internal/platform/mysqlx"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/underwriter"
	"github.com/cobaltmesa/titleworks/internal/service/escrow"
	"github.com/cobaltmesa/titleworks/internal/service/policy"
	"github.com/cobaltmesa/titleworks/internal/store"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	cfg := config.Load()

	db, err := mysqlx.Open(mysqlx.Options{DSN: cfg.MySQLDSN, MaxOpen: 4, MaxIdle: 2, ConnMaxLifetime: 10 * time.Minute})
	if err != nil {
		slog.Error("mysql", "err", err)
		os.Exit(1)
	}
	defer db.Close()
	tx := txm.New(db)

	producer := kafkapub.NewProducer(cfg.KafkaBrokers)
	defer producer.Close()

	outbox := store.NewOutboxRepo(tx)
	table := jobs.Table(jobs.Deps{
		Escrow:    escrow.NewService(tx, store.NewEscrowRepo(tx), store.NewKeyRepo(tx), outbox),
		Policies:  policy.NewService(store.NewPolicyRepo(tx), underwriter.New(cfg.UnderwriterURL, cfg.UnderwriterKey)),
		Outbox:    outbox,
		Publisher: producer,
		Now:       time.Now,
	})

	if len(os.Args) < 2 {
		fmt.Fprintf(os.Stderr, "usage: titlejobs <%s>\n", strings.Join(jobs.Names(table), "|"))
		os.Exit(2)
	}
	job, ok := table[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown job %q\n", os.Args[1])
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 50*time.Minute)
	defer cancel()

	start := time.Now()
	if err := job.Run(ctx); err != nil {
		slog.Error("job failed", "job", job.Name, "err", err, "took", time.Since(start))
		os.Exit(1)
	}
	slog.Info("job finished", "job", job.Name, "took", time.Since(start))
}
