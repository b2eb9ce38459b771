// Package cron holds the tasks run by cmd/cron from Kubernetes CronJobs.
package cron

import (
	"context"
	"fmt"
	"log/slog"
	"sort"

	"github.com/riverqueue/river"
	"github.com/rs/xid"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/store/queries"
)

// ReminderScheduler queues the scheduled reminders that are due.
type ReminderScheduler struct {
	db    app.Database
	queue app.JobQueue
	now   app.Clock
	log   *slog.Logger

	MaxReminders int
	BatchSize    int
}

// NewReminderScheduler returns a ReminderScheduler with default limits.
func NewReminderScheduler(db app.Database, queue app.JobQueue, now app.Clock, log *slog.Logger) *ReminderScheduler {
	return &ReminderScheduler{db: db, queue: queue, now: now, log: log, MaxReminders: 5, BatchSize: 500}
}

// Name implements Task.
func (s *ReminderScheduler) Name() string { return "reminders" }

// Run queues one reminder per waiting signer of every due envelope and moves
// the envelope's next reminder forward. The reminder jobs are unique by
// their arguments, so an envelope seen twice gets one reminder per sequence
// number.
func (s *ReminderScheduler) Run(ctx context.Context) error {
	runID := xid.New().String()
	now := s.now()
	log := s.log.With("task", s.Name(), "run_id", runID)

	total := 0
	for {
		due, err := queries.EnvelopesDueForReminder(ctx, s.db, now, s.MaxReminders, s.BatchSize)
		if err != nil {
			return err
		}
		for _, d := range due {
			signers, err := queries.AwaitingSigners(ctx, s.db, d.EnvelopeID)
			if err != nil {
				return err
			}
			params := make([]river.InsertManyParams, 0, len(signers))
			for _, sg := range signers {
				params = append(params, river.InsertManyParams{
					Args: jobargs.SendReminder{
						EnvelopeID: d.EnvelopeID,
						SignerID:   sg.ID,
						Seq:        d.RemindersSent + 1,
						RunID:      runID,
					},
					InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}},
				})
			}
			if err := s.queue.InsertMany(ctx, params); err != nil {
				return fmt.Errorf("queue reminders for %s: %w", d.EnvelopeID, err)
			}
			if err := queries.AdvanceReminder(ctx, s.db, d.EnvelopeID, now); err != nil {
				return fmt.Errorf("advance %s: %w", d.EnvelopeID, err)
			}
			total += len(params)
		}
		if len(due) < s.BatchSize {
			break
		}
	}
	log.InfoContext(ctx, "reminders queued", "count", total)
	return nil
}

// Task is one cron entry point.
type Task interface {
	Name() string
	Run(ctx context.Context) error
}

// Registry maps task names to tasks.
type Registry map[string]Task

// NewRegistry indexes tasks by name.
func NewRegistry(tasks ...Task) Registry {
	r := make(Registry, len(tasks))
	for _, t := range tasks {
		r[t.Name()] = t
	}
	return r
}

// Lookup returns the named task.
func (r Registry) Lookup(name string) (Task, error) {
	t, ok := r[name]
	if !ok {
		names := make([]string, 0, len(r))
		for n := range r {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("unknown task %q (have %v)", name, names)
	}
	return t, nil
}
