// Command renewal-scheduler queues the day's renewal reminders. Cron runs it
// every morning; to redo a failed day, run it again with -date.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"go.uber.org/dig"

	"github.com/curbline-civic/permits/internal/config"
	"github.com/curbline-civic/permits/internal/permits"
	"github.com/curbline-civic/permits/internal/renewals"
	"github.com/curbline-civic/permits/internal/wiring"
)

func main() {
	dateFlag := flag.String("date", "", "run date (YYYY-MM-DD); defaults to today in the city's time zone")
	flag.Parse()

	c := dig.New()
	providers := append(wiring.Base(),
		wiring.P(permits.NewRepo),
		wiring.P(func(db *sqlx.DB) (*river.Client[*sql.Tx], error) {
			// Insert-only client: no queues, no workers.
			return river.NewClient(riverdatabasesql.New(db.DB), &river.Config{})
		}),
		wiring.P(func(cfg *config.Config, pr *permits.Repo, rc *river.Client[*sql.Tx], loc *time.Location, log *slog.Logger) *renewals.Scheduler {
			return &renewals.Scheduler{
				Permits:   pr,
				Jobs:      rc,
				LeadDays:  cfg.RenewalLeadDays,
				BatchSize: 500,
				Location:  loc,
				Log:       log,
			}
		}),
	)
	if err := wiring.Provide(c, providers...); err != nil {
		slog.Error("wiring", "err", err)
		os.Exit(1)
	}
	err := c.Invoke(func(s *renewals.Scheduler, db *sqlx.DB, loc *time.Location, log *slog.Logger) error {
		defer db.Close()
		day := time.Now().In(loc)
		if *dateFlag != "" {
			d, err := time.ParseInLocation(time.DateOnly, *dateFlag, loc)
			if err != nil {
				return fmt.Errorf("bad -date: %w", err)
			}
			day = d
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
		defer cancel()
		res, err := s.Run(ctx, day)
		log.Info("renewal scheduler finished", "run", res.Run, "day", day.Format(time.DateOnly),
			"due", res.Due, "queued", res.Queued, "duplicate", res.Duplicate)
		return err
	})
	if err != nil {
		slog.Error("renewal-scheduler failed", "err", err)
		os.Exit(1)
	}
}
