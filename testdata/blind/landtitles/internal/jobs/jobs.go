// Package jobs holds the batch jobs run by cron through cmd/titlejobs.
// Each job can be re-run after a failure; cron re-runs them on its next
// tick and ops re-runs them by hand.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/kafkapub"
	"github.com/cobaltmesa/titleworks/internal/service/policy"
)

// Job is one named batch job.
type Job struct {
	Name        string
	Description string
	Run         func(ctx context.Context) error
}

// InterestAccruer posts escrow interest.
type InterestAccruer interface {
	AccrueInterest(ctx context.Context, asOf time.Time) (int, error)
}

// PolicyIssuer issues pending policies.
type PolicyIssuer interface {
	IssueAwaiting(ctx context.Context, limit int) (policy.Result, error)
}

// OutboxReader reads and stamps outbox events.
type OutboxReader interface {
	Unpublished(ctx context.Context, limit int) ([]domain.OutboxEvent, error)
	MarkPublished(ctx context.Context, ids []string, at time.Time) error
}

// Publisher publishes to Kafka.
type Publisher interface {
	Publish(ctx context.Context, msgs ...kafkapub.Message) error
}

// Deps is everything the jobs need.
type Deps struct {
	Escrow    InterestAccruer
	Policies  PolicyIssuer
	Outbox    OutboxReader
	Publisher Publisher
	Now       func() time.Time
}

// Table returns the registered jobs, keyed by name.
func Table(d Deps) map[string]Job {
	list := []Job{
		{
			Name:        "accrue-interest",
			Description: "post daily interest on interest-bearing escrow accounts",
			Run: func(ctx context.Context) error {
				n, err := d.Escrow.AccrueInterest(ctx, d.Now())
				slog.InfoContext(ctx, "accrue-interest done", "posted", n)
				return err
			},
		},
		{
			Name:        "issue-policies",
			Description: "issue owner's policies for recorded orders",
			Run: func(ctx context.Context) error {
				res, err := d.Policies.IssueAwaiting(ctx, 200)
				slog.InfoContext(ctx, "issue-policies done", "issued", res.Issued, "failed", res.Failed)
				if err == nil && res.Failed > 0 {
					err = fmt.Errorf("%d policies failed to issue", res.Failed)
				}
				return err
			},
		},
		{
			Name:        "relay-outbox",
			Description: "publish outbox events to Kafka",
			Run:         func(ctx context.Context) error { return relayOutbox(ctx, d) },
		},
	}
	out := make(map[string]Job, len(list))
	for _, j := range list {
		out[j.Name] = j
	}
	return out
}

// Names lists job names in order, for usage text.
func Names(t map[string]Job) []string {
	names := make([]string, 0, len(t))
	for n := range t {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// relayOutbox publishes unpublished events in batches. A crash after
// publishing and before stamping publishes the batch again; consumers
// deduplicate on the event-id header.
func relayOutbox(ctx context.Context, d Deps) error {
	for {
		evs, err := d.Outbox.Unpublished(ctx, 500)
		if err != nil {
			return err
		}
		if len(evs) == 0 {
			return nil
		}
		msgs := make([]kafkapub.Message, 0, len(evs))
		ids := make([]string, 0, len(evs))
		for _, ev := range evs {
			msgs = append(msgs, kafkapub.Message{
				Topic: ev.Topic, Key: ev.EventKey, Value: ev.Payload,
				Headers: map[string]string{"event-id": ev.ID, "occurred-at": ev.CreatedAt.Format(time.RFC3339Nano)},
			})
			ids = append(ids, ev.ID)
		}
		if err := d.Publisher.Publish(ctx, msgs...); err != nil {
			return fmt.Errorf("publish %d events: %w", len(msgs), err)
		}
		if err := d.Outbox.MarkPublished(ctx, ids, d.Now().UTC()); err != nil {
			return err
		}
		slog.InfoContext(ctx, "outbox relayed", "events", len(ids))
	}
}
