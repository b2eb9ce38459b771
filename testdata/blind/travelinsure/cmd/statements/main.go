// Command statements builds and delivers last month's commission statements
// to every active partner. It runs on the 2nd of each month as a Kubernetes
// CronJob; a failed run exits non-zero and is restarted by the Job's
// backoffLimit.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/skyguard-travel/policyhub/internal/commissions"
	"github.com/skyguard-travel/policyhub/internal/config"
	"github.com/skyguard-travel/policyhub/internal/platform/database"
	"github.com/skyguard-travel/policyhub/internal/providers/partnerapi"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("app", "policyhub-statements")
	month := flag.String("month", "", "statement month as YYYY-MM (default: previous month)")
	flag.Parse()

	if err := run(log, *month); err != nil {
		log.Error("statement run failed", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, month string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()

	period := commissions.PreviousMonth(time.Now())
	if month != "" {
		start, err := time.Parse("2006-01", month)
		if err != nil {
			return fmt.Errorf("-month: %w", err)
		}
		period = commissions.Period{Start: start, End: start.AddDate(0, 1, 0)}
	}

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := database.Open(ctx, cfg.DatabaseDSN)
	if err != nil {
		return err
	}
	defer db.Close()

	runner := commissions.NewStatementRunner(db,
		partnerapi.New(cfg.PartnerGWURL, cfg.PartnerGWToken, log), log)
	log.Info("building commission statements",
		"period_start", period.Start.Format("2006-01-02"), "period_end", period.End.Format("2006-01-02"))
	return runner.Run(ctx, period)
}
