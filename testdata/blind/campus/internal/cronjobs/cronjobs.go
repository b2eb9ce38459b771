// Package cronjobs holds the nightly housing jobs run by cmd/cron as a
// Kubernetes CronJob (backoffLimit 3: a run that exits non-zero is started
// again from the top).
package cronjobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/jobs"
)

// Job is one named nightly job.
type Job interface {
	Name() string
	Run(ctx context.Context) error
}

// Registry maps job names to jobs.
type Registry map[string]Job

// NewRegistry returns the registry of all nightly jobs.
func NewRegistry(closer *TermCloser, reminders *BankDetailsReminders) Registry {
	r := Registry{}
	for _, j := range []Job{closer, reminders} {
		r[j.Name()] = j
	}
	return r
}

// TermCloser ends inspected assignments once their term is over and
// returns the beds to the available pool for the next term.
type TermCloser struct {
	q     db.Querier
	log   *slog.Logger
	now   func() time.Time
	batch int32
}

// NewTermCloser returns a TermCloser.
func NewTermCloser(q db.Querier, log *slog.Logger) *TermCloser {
	return &TermCloser{q: q, log: log, now: time.Now, batch: 500}
}

func (*TermCloser) Name() string { return "close-term" }

func (t *TermCloser) Run(ctx context.Context) error {
	today := t.now().UTC().Truncate(24 * time.Hour)
	for {
		rows, err := t.q.ListAssignmentsToClose(ctx, db.ListAssignmentsToCloseParams{TermEndsOn: today, Limit: t.batch})
		if err != nil {
			return fmt.Errorf("list assignments: %w", err)
		}
		if len(rows) == 0 {
			return nil
		}
		for _, a := range rows {
			if err := t.q.EndAssignment(ctx, a.ID); err != nil {
				return fmt.Errorf("end assignment %s: %w", a.ID, err)
			}
			if err := t.q.ReleaseBed(ctx, a.BedID); err != nil {
				return fmt.Errorf("release bed %s: %w", a.BedID, err)
			}
		}
		t.log.InfoContext(ctx, "closed assignments", "count", len(rows))
	}
}

// BankDetailsReminders queues a reminder for every student who has a
// deposit refund waiting on bank details. The job kind is unique per day,
// so a student gets at most one reminder a day.
type BankDetailsReminders struct {
	q    db.Querier
	jobs jobs.Enqueuer
	log  *slog.Logger
}

// NewBankDetailsReminders returns a BankDetailsReminders.
func NewBankDetailsReminders(q db.Querier, enq jobs.Enqueuer, log *slog.Logger) *BankDetailsReminders {
	return &BankDetailsReminders{q: q, jobs: enq, log: log}
}

func (*BankDetailsReminders) Name() string { return "bank-details-reminders" }

func (b *BankDetailsReminders) Run(ctx context.Context) error {
	runID := ids.New()
	rows, err := b.q.ListRefundsAwaitingBankDetails(ctx)
	if err != nil {
		return fmt.Errorf("list refunds awaiting bank details: %w", err)
	}
	queued := 0
	for _, r := range rows {
		inserted, err := b.jobs.Enqueue(ctx, jobs.BankDetailsReminderArgs{
			StudentID:    r.StudentID,
			AssignmentID: r.AssignmentID,
			RunID:        runID,
		}, nil)
		if err != nil {
			return err
		}
		if inserted {
			queued++
		}
	}
	b.log.InfoContext(ctx, "bank detail reminders queued", "run_id", runID, "queued", queued, "candidates", len(rows))
	return nil
}
