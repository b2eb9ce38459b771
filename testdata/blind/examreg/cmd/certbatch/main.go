// Command certbatch resubmits print orders stuck before the print partner.
// Scheduled nightly by the examreg-certbatch CronJob.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/lexicaassess/examreg/internal/config"
	"github.com/lexicaassess/examreg/internal/jobs/certbatch"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
	"github.com/lexicaassess/examreg/internal/provider/printpost"
	"github.com/lexicaassess/examreg/internal/repo"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("job", "certbatch")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 45*time.Minute)
	defer cancel()

	db, err := dbx.Open(dbx.Options{DSN: cfg.DSN, MaxOpenConns: 4})
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	partner := printpost.New(printpost.Options{
		BaseURL: cfg.PrintBaseURL,
		APIKey:  cfg.PrintAPIKey,
		Timeout: 2 * time.Minute, // manifests are slow to validate
	})
	job := certbatch.New(repo.NewCertificates(db), repo.NewCandidates(db), partner, certbatch.Options{}, log)

	res, err := job.Run(ctx)
	log.Info("run finished", "submitted", res.Submitted, "rejected", res.Rejected)
	if err != nil {
		log.Error("run failed", "err", err)
		os.Exit(1)
	}
}
