// Package batch is the nightly fine run: overdue charges, lost-item
// billing, expiring uncollected holds and queueing autopay. It is run by
// the scheduler once a night and rerun by the on-call if it fails.
package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/store"
	"github.com/shelfwise-labs/branchline/internal/tasks"
)

// JobName is how the run shows up in batch_runs.
const JobName = "nightly-fines"

// Assessor is the part of the fines service the batch uses.
type Assessor interface {
	AssessOverdue(ctx context.Context, loan domain.Loan, day time.Time) (bool, error)
	BillLost(ctx context.Context, loan domain.Loan, day time.Time) (bool, error)
}

// Runner runs the nightly steps in order.
type Runner struct {
	Loans   store.LoanRepository
	Holds   store.HoldRepository
	Patrons store.PatronRepository
	Runs    store.BatchRunRepository
	Fines   Assessor
	Tasks   tasks.Enqueuer
	Log     *slog.Logger

	NewRunID ids.Generator
	Now      clock.Func

	LostAfter           time.Duration
	AutopayMinimumCents int64
	// MaxLoanErrors stops a step after this many per-loan failures.
	MaxLoanErrors int
}

// Stats is written to the run row when the run ends.
type Stats struct {
	OverdueAssessed int   `json:"overdue_assessed"`
	LostBilled      int   `json:"lost_billed"`
	HoldsExpired    int64 `json:"holds_expired"`
	AutopayQueued   int   `json:"autopay_queued"`
	LoanErrors      int   `json:"loan_errors"`
}

type step struct {
	name string
	run  func(ctx context.Context, day time.Time, st *Stats) error
}

// Run executes the steps for runDate.
func (r *Runner) Run(ctx context.Context, runDate time.Time) (Stats, error) {
	day := clock.Day(runDate)
	runID := r.NewRunID()
	if err := r.Runs.Start(ctx, runID, JobName, day, r.Now()); err != nil {
		return Stats{}, fmt.Errorf("record run start: %w", err)
	}

	var st Stats
	steps := []step{
		{"overdue", r.assessOverdue},
		{"lost", r.billLost},
		{"expire-holds", r.expireHolds},
		{"autopay", r.queueAutopay},
	}
	var runErr error
	for _, s := range steps {
		started := time.Now()
		if err := s.run(ctx, day, &st); err != nil {
			runErr = fmt.Errorf("step %s: %w", s.name, err)
			break
		}
		r.Log.InfoContext(ctx, "batch step done", "step", s.name, "took", time.Since(started))
	}

	status := "succeeded"
	if runErr != nil {
		status = "failed"
	}
	stats, _ := json.Marshal(st)
	if err := r.Runs.Finish(context.WithoutCancel(ctx), runID, status, stats, r.Now()); err != nil {
		r.Log.ErrorContext(ctx, "record run finish", "run_id", runID, "err", err)
	}
	return st, runErr
}

// forEachLoan applies fn to every loan, tolerating a few bad rows.
func (r *Runner) forEachLoan(ctx context.Context, loans []domain.Loan, st *Stats, fn func(domain.Loan) (bool, error)) (int, error) {
	done := 0
	for _, l := range loans {
		if err := ctx.Err(); err != nil {
			return done, err
		}
		ok, err := fn(l)
		if err != nil {
			st.LoanErrors++
			r.Log.ErrorContext(ctx, "loan failed", "loan_id", l.ID, "err", err)
			if st.LoanErrors > r.MaxLoanErrors {
				return done, errors.New("too many loan errors")
			}
			continue
		}
		if ok {
			done++
		}
	}
	return done, nil
}

func (r *Runner) assessOverdue(ctx context.Context, day time.Time, st *Stats) error {
	loans, err := r.Loans.ListOverdue(ctx, day)
	if err != nil {
		return err
	}
	n, err := r.forEachLoan(ctx, loans, st, func(l domain.Loan) (bool, error) {
		return r.Fines.AssessOverdue(ctx, l, day)
	})
	st.OverdueAssessed = n
	return err
}

func (r *Runner) billLost(ctx context.Context, day time.Time, st *Stats) error {
	loans, err := r.Loans.ListLongOverdue(ctx, day.Add(-r.LostAfter))
	if err != nil {
		return err
	}
	n, err := r.forEachLoan(ctx, loans, st, func(l domain.Loan) (bool, error) {
		return r.Fines.BillLost(ctx, l, day)
	})
	st.LostBilled = n
	return err
}

func (r *Runner) expireHolds(ctx context.Context, _ time.Time, st *Stats) error {
	n, err := r.Holds.ExpireUncollected(ctx, r.Now())
	st.HoldsExpired = n
	return err
}

// queueAutopay queues one charge task per patron per night. The task id
// is the patron and the run date, so a rerun of the batch finds the task
// from the first run instead of queueing a second charge.
func (r *Runner) queueAutopay(ctx context.Context, day time.Time, st *Stats) error {
	patrons, err := r.Patrons.ListAutopayCandidates(ctx, r.AutopayMinimumCents)
	if err != nil {
		return err
	}
	for _, p := range patrons {
		task, err := tasks.New(tasks.TypeAutopay, tasks.AutopayPayload{PatronID: p.ID, RunDate: day})
		if err != nil {
			return err
		}
		_, err = r.Tasks.EnqueueContext(ctx, task,
			asynq.TaskID(fmt.Sprintf("autopay:%s:%s", p.ID, day.Format(time.DateOnly))),
			asynq.Queue(tasks.QueueCritical),
			asynq.MaxRetry(5),
			asynq.Retention(72*time.Hour),
		)
		if tasks.IsDuplicate(err) {
			continue
		}
		if err != nil {
			return fmt.Errorf("queue autopay for %s: %w", p.ID, err)
		}
		st.AutopayQueued++
	}
	return nil
}
