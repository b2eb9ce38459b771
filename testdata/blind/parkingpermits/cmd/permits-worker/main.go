// Command permits-worker runs the Temporal review and mailing workers and the
// River workers for renewals and the daily revenue post.
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

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
	"go.uber.org/dig"

	"github.com/curbline-civic/permits/internal/applications"
	"github.com/curbline-civic/permits/internal/config"
	"github.com/curbline-civic/permits/internal/payments"
	"github.com/curbline-civic/permits/internal/permits"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/providers/assessor"
	"github.com/curbline-civic/permits/internal/providers/finance"
	"github.com/curbline-civic/permits/internal/providers/mailhouse"
	"github.com/curbline-civic/permits/internal/providers/notify"
	"github.com/curbline-civic/permits/internal/providers/paygate"
	"github.com/curbline-civic/permits/internal/renewals"
	"github.com/curbline-civic/permits/internal/revenue"
	"github.com/curbline-civic/permits/internal/review"
	"github.com/curbline-civic/permits/internal/wiring"
)

func main() {
	c := dig.New()
	providers := append(wiring.Base(),
		wiring.P(wiring.Temporal),
		wiring.P(applications.NewRepo),
		wiring.P(permits.NewRepo),
		wiring.P(payments.NewRepo),
		wiring.P(renewals.NewRepo),
		wiring.P(func(r *permits.Repo, apps *applications.Repo, tx database.TxRunner, log *slog.Logger) *permits.Service {
			// The worker never replaces permits, so there is no mailing starter.
			return permits.NewService(r, apps, tx, nil, log)
		}),
		wiring.P(func(cfg *config.Config, gl *finance.Client, pay *payments.Repo, db *sqlx.DB, log *slog.Logger) *revenue.Poster {
			return revenue.NewPoster(gl, pay, db, revenue.Accounts{
				Fund:           cfg.FinanceFund,
				CardClearing:   "1015-CARD-CLEARING",
				KioskClearing:  "1016-KIOSK-CLEARING",
				DefaultRevenue: "4310-RPP-FEES",
			}, log)
		}),
		wiring.P(newActivities),
		wiring.P(newRiverWorkers),
		wiring.P(newRiverClient),
	)
	if err := wiring.Provide(c, providers...); err != nil {
		slog.Error("wiring", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("permits-worker stopped", "err", err)
		os.Exit(1)
	}
}

func newActivities(a *assessor.Client, apps *applications.Repo, ps *permits.Service, mh *mailhouse.Client) *review.Activities {
	return &review.Activities{
		Parcels:      a,
		Applications: apps,
		Permits:      ps,
		Printer:      mh,
		Template:     "rpp-hangtag-v4",
	}
}

func newRiverWorkers(store *renewals.Repo, pr *permits.Repo, n *notify.Client, pg *paygate.Client,
	tx database.TxRunner, poster *revenue.Poster, loc *time.Location, log *slog.Logger) *river.Workers {
	enq := renewals.ContextEnqueuer()
	workers := river.NewWorkers()
	river.AddWorker(workers, &renewals.NoticeWorker{Store: store, Email: n, Enqueue: enq, Log: log})
	river.AddWorker(workers, &renewals.ChargeWorker{Store: store, Charger: pg, Tx: tx, Enqueue: enq, Log: log})
	river.AddWorker(workers, &renewals.ApplyWorker{Store: store, Permits: pr, Tx: tx})
	river.AddWorker(workers, &revenue.DailyPostWorker{Poster: poster, Location: loc})
	return workers
}

func newRiverClient(db *sqlx.DB, workers *river.Workers, loc *time.Location, log *slog.Logger) (*river.Client[*sql.Tx], error) {
	return river.NewClient(riverdatabasesql.New(db.DB), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 4},
			"renewals":         {MaxWorkers: 8},
		},
		Workers: workers,
		PeriodicJobs: []*river.PeriodicJob{
			river.NewPeriodicJob(
				dailyAt(3, 30, loc),
				renewals.YesterdayRevenuePost(loc),
				&river.PeriodicJobOpts{ID: "revenue_daily_post", RunOnStart: true},
			),
		},
	})
}

// dailyAt schedules a periodic job once a day at a local wall-clock time.
type dailySchedule struct {
	hour, min int
	loc       *time.Location
}

func dailyAt(hour, min int, loc *time.Location) river.PeriodicSchedule {
	return dailySchedule{hour: hour, min: min, loc: loc}
}

func (d dailySchedule) Next(t time.Time) time.Time {
	lt := t.In(d.loc)
	next := time.Date(lt.Year(), lt.Month(), lt.Day(), d.hour, d.min, 0, 0, d.loc)
	if !next.After(lt) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

func run(cfg *config.Config, tc client.Client, acts *review.Activities, rc *river.Client[*sql.Tx], db *sqlx.DB, log *slog.Logger) error {
	defer db.Close()
	defer tc.Close()

	w := worker.New(tc, cfg.TemporalQueue, worker.Options{MaxConcurrentActivityExecutionSize: 20})
	w.RegisterWorkflowWithOptions(review.ApplicationReview, workflow.RegisterOptions{Name: "ApplicationReview"})
	w.RegisterWorkflowWithOptions(review.PermitMailing, workflow.RegisterOptions{Name: "PermitMailing"})

	for name, fn := range map[string]any{
		review.ActVerifyResidency:      acts.VerifyResidency,
		review.ActMarkInReview:         acts.MarkInReview,
		review.ActRecordDecision:       acts.RecordDecision,
		review.ActIssuePermit:          acts.IssuePermit,
		review.ActRecordMailingRequest: acts.RecordMailingRequest,
		review.ActSubmitPrintJob:       acts.SubmitPrintJob,
		review.ActRecordSubmitted:      acts.RecordSubmitted,
	} {
		w.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name})
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if err := rc.Start(ctx); err != nil {
		return fmt.Errorf("river start: %w", err)
	}
	if err := w.Start(); err != nil {
		return fmt.Errorf("temporal worker start: %w", err)
	}
	log.Info("worker running", "task_queue", cfg.TemporalQueue)

	<-ctx.Done()
	w.Stop()
	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return rc.Stop(stopCtx)
}
