// Package schedule runs the programme's scheduled jobs. EventBridge rules
// invoke the scheduler function; the rule name selects the job.
package schedule

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"
)

// Job is one scheduled task.
type Job interface {
	Run(ctx context.Context, now time.Time) error
}

// JobFunc adapts a function to Job.
type JobFunc func(ctx context.Context, now time.Time) error

// Run calls f.
func (f JobFunc) Run(ctx context.Context, now time.Time) error { return f(ctx, now) }

// Scheduler maps rule names to jobs.
type Scheduler struct {
	jobs  map[string]Job
	log   *slog.Logger
	clock func() time.Time
}

// NewScheduler returns a Scheduler with the programme's jobs.
func NewScheduler(tier *TierJob, expiry *ExpiryJob, statements *StatementJob, anniversary *AnniversaryJob,
	topups *TopUpJob, log *slog.Logger) *Scheduler {
	return &Scheduler{
		jobs: map[string]Job{
			"tier-review":       tier,
			"miles-expiry":      expiry,
			"monthly-statement": statements,
			"anniversary-bonus": anniversary,
			"auto-topup":        topups,
		},
		log:   log,
		clock: func() time.Time { return time.Now().UTC() },
	}
}

// Handle is the EventBridge handler. Rules are named
// <stack>-<stage>-<job>, e.g. mileage-prod-tier-review.
func (s *Scheduler) Handle(ctx context.Context, ev events.EventBridgeEvent) (struct{}, error) {
	name, job := s.lookup(ev.Resources)
	if job == nil {
		return struct{}{}, fmt.Errorf("no job for rule %v", ev.Resources)
	}
	now := ev.Time
	if now.IsZero() {
		now = s.clock()
	}
	s.log.InfoContext(ctx, "job start", "job", name, "event_id", ev.ID, "scheduled_for", now)
	return struct{}{}, job.Run(ctx, now.UTC())
}

func (s *Scheduler) lookup(resources []string) (string, Job) {
	for _, arn := range resources {
		rule := arn[strings.LastIndex(arn, "/")+1:]
		for name, job := range s.jobs {
			if strings.HasSuffix(rule, "-"+name) || rule == name {
				return name, job
			}
		}
	}
	return "", nil
}
