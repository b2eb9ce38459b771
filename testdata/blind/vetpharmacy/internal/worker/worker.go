// Package worker registers the river workers and periodic jobs run by
// cmd/worker. Each worker is a thin adapter from a job to a service call.
package worker

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/kestrelvet/refillrx/internal/jobs"
	"github.com/kestrelvet/refillrx/internal/store"
)

// funcWorker adapts a plain function to river.Worker.
type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn      func(ctx context.Context, job *river.Job[T]) error
	timeout time.Duration
}

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error { return w.fn(ctx, job) }

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

func handle[T river.JobArgs](ws *river.Workers, timeout time.Duration, fn func(ctx context.Context, job *river.Job[T]) error) {
	river.AddWorker[T](ws, &funcWorker[T]{fn: fn, timeout: timeout})
}

type (
	Picker interface {
		Pick(ctx context.Context, orderID string) error
	}
	Shipper interface {
		Book(ctx context.Context, orderID string) error
		FollowUpException(ctx context.Context, attemptKey string, args jobs.CourierExceptionArgs, complete func(ctx context.Context) error) error
	}
	Reporter interface {
		ReportOrder(ctx context.Context, orderID string) error
		DailyReturn(ctx context.Context, day time.Time) error
	}
	Deliverer interface {
		Deliver(ctx context.Context, notificationID string) error
	}
	ReminderRunner interface {
		Run(ctx context.Context) (int, error)
	}
	StockCounter interface {
		Open(ctx context.Context, period string) error
	}
	RefillExpirer interface {
		ExpireStale(ctx context.Context, olderThanDays int32) (int, error)
	}
)

type Deps struct {
	Picker     Picker
	Shipper    Shipper
	Reporter   Reporter
	Deliverer  Deliverer
	Reminders  ReminderRunner
	StockCount StockCounter
	Refills    RefillExpirer
}

// Register adds every worker to ws.
func Register(ws *river.Workers, d Deps) {
	handle(ws, time.Minute, func(ctx context.Context, job *river.Job[jobs.PickOrderArgs]) error {
		return d.Picker.Pick(ctx, job.Args.OrderID)
	})
	handle(ws, 2*time.Minute, func(ctx context.Context, job *river.Job[jobs.ShipOrderArgs]) error {
		return d.Shipper.Book(ctx, job.Args.OrderID)
	})
	handle(ws, 2*time.Minute, func(ctx context.Context, job *river.Job[jobs.ReportDispenseArgs]) error {
		return d.Reporter.ReportOrder(ctx, job.Args.OrderID)
	})
	handle(ws, 30*time.Second, func(ctx context.Context, job *river.Job[jobs.SendNotificationArgs]) error {
		return d.Deliverer.Deliver(ctx, job.Args.NotificationID)
	})
	handle(ws, 2*time.Minute, func(ctx context.Context, job *river.Job[jobs.CourierExceptionArgs]) error {
		// The job is completed inside the transaction that schedules the
		// owner's message, so a crash after commit cannot run it again.
		complete := func(ctx context.Context) error {
			tx, ok := store.TxFrom(ctx)
			if !ok {
				return fmt.Errorf("complete %d: no transaction in context", job.ID)
			}
			_, err := river.JobCompleteTx[*riverpgxv5.Driver, pgx.Tx](ctx, tx, job)
			return err
		}
		return d.Shipper.FollowUpException(ctx, strconv.FormatInt(job.ID, 10), job.Args, complete)
	})
	handle(ws, 30*time.Minute, func(ctx context.Context, job *river.Job[jobs.RefillRemindersArgs]) error {
		_, err := d.Reminders.Run(ctx)
		return err
	})
	handle(ws, 10*time.Minute, func(ctx context.Context, job *river.Job[jobs.StockCountArgs]) error {
		return d.StockCount.Open(ctx, job.Args.Period)
	})
	handle(ws, 10*time.Minute, func(ctx context.Context, job *river.Job[jobs.DailyReturnArgs]) error {
		day, err := time.Parse("2006-01-02", job.Args.Day)
		if err != nil {
			return river.JobCancel(fmt.Errorf("bad day %q: %w", job.Args.Day, err))
		}
		return d.Reporter.DailyReturn(ctx, day)
	})
	handle(ws, 5*time.Minute, func(ctx context.Context, job *river.Job[jobs.ExpireRefillsArgs]) error {
		_, err := d.Refills.ExpireStale(ctx, 14)
		return err
	})
}

// monthly fires at 02:00 UTC on the first of each month.
type monthly struct{}

func (monthly) Next(t time.Time) time.Time {
	t = t.UTC()
	first := time.Date(t.Year(), t.Month(), 1, 2, 0, 0, 0, time.UTC)
	if !first.After(t) {
		first = first.AddDate(0, 1, 0)
	}
	return first
}

// dailyAt fires once a day at the given UTC hour.
type dailyAt int

func (h dailyAt) Next(t time.Time) time.Time {
	t = t.UTC()
	next := time.Date(t.Year(), t.Month(), t.Day(), int(h), 0, 0, 0, time.UTC)
	if !next.After(t) {
		next = next.AddDate(0, 0, 1)
	}
	return next
}

// PeriodicJobs is the cron table.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(dailyAt(9), func() (river.JobArgs, *river.InsertOpts) {
			return jobs.RefillRemindersArgs{}, nil
		}, &river.PeriodicJobOpts{ID: "refill_reminders"}),
		river.NewPeriodicJob(monthly{}, func() (river.JobArgs, *river.InsertOpts) {
			return jobs.StockCountArgs{Period: time.Now().UTC().Format("2006-01")}, nil
		}, &river.PeriodicJobOpts{ID: "stock_count_sheets"}),
		river.NewPeriodicJob(dailyAt(1), func() (river.JobArgs, *river.InsertOpts) {
			yesterday := time.Now().UTC().AddDate(0, 0, -1)
			return jobs.DailyReturnArgs{Day: yesterday.Format("2006-01-02")}, nil
		}, &river.PeriodicJobOpts{ID: "cdr_daily_return"}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return jobs.ExpireRefillsArgs{}, nil
		}, &river.PeriodicJobOpts{ID: "expire_refills", RunOnStart: true}),
	}
}
