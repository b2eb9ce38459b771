// Package consumer reads lease lifecycle events from Kafka. Offsets are
// committed only after a poll's records have all been applied, so after a
// crash or rebalance the uncommitted records are delivered again.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/keystone-pm/rent/internal/config"
	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/service/leasing"
)

// Envelope is the leasing system's event wrapper.
type Envelope struct {
	EventID    string          `json:"event_id"`
	Type       string          `json:"type"`
	LeaseID    string          `json:"lease_id"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

type handlerFunc func(ctx context.Context, env Envelope) error

// errSkip marks a record that can never be applied; it is logged and
// committed past.
var errSkip = errors.New("skip record")

// LeaseEvents consumes the lease events topic.
type LeaseEvents struct {
	client   *kgo.Client
	db       *db.DB
	events   repo.EventStore
	log      *slog.Logger
	handlers map[string]handlerFunc
}

// NewLeaseEvents builds the consumer and its dispatch table.
func NewLeaseEvents(cfg *config.Config, d *db.DB, events repo.EventStore, svc leasing.Service, log *slog.Logger) (*LeaseEvents, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(cfg.KafkaBrokers...),
		kgo.ClientID("rentd"),
		kgo.ConsumerGroup(cfg.LeaseEventsGroup),
		kgo.ConsumeTopics(cfg.LeaseEventsTopic),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.FetchMaxWait(2*time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("kafka client: %w", err)
	}
	c := &LeaseEvents{client: cl, db: d, events: events, log: log.With("component", "lease-events")}
	c.handlers = map[string]handlerFunc{
		"lease.signed":           decode(svc.OnSigned),
		"lease.terminated":       decode(svc.OnTerminated),
		"lease.renewed":          decode(svc.OnRenewed),
		"lease.deposit_received": c.once("deposit_received", decode(svc.OnDepositReceived)),
	}
	return c, nil
}

// decode adapts a typed service method to the envelope handler signature.
func decode[T any](fn func(ctx context.Context, eventID string, payload T) error) handlerFunc {
	return func(ctx context.Context, env Envelope) error {
		var v T
		if err := json.Unmarshal(env.Payload, &v); err != nil {
			return fmt.Errorf("%w: decode %s payload: %v", errSkip, env.Type, err)
		}
		return fn(ctx, env.EventID, v)
	}
}

// once skips events this consumer has already applied.
func (c *LeaseEvents) once(name string, next handlerFunc) handlerFunc {
	return func(ctx context.Context, env Envelope) error {
		seen, err := c.events.InboxSeen(ctx, c.db.Q(), name, env.EventID)
		if err != nil {
			return err
		}
		if seen {
			c.log.Debug("duplicate event", "event_id", env.EventID, "type", env.Type)
			return nil
		}
		if err := next(ctx, env); err != nil {
			return err
		}
		return c.events.InboxMark(ctx, c.db.Q(), name, env.EventID)
	}
}

// Run polls until ctx is cancelled.
func (c *LeaseEvents) Run(ctx context.Context) error {
	defer c.client.Close()
	for {
		fetches := c.client.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		for _, fe := range fetches.Errors() {
			c.log.Error("fetch error", "topic", fe.Topic, "partition", fe.Partition, "err", fe.Err)
		}
		var runErr error
		fetches.EachRecord(func(rec *kgo.Record) {
			if runErr != nil {
				return
			}
			runErr = c.handleWithRetry(ctx, rec)
		})
		if runErr != nil {
			c.client.AllowRebalance()
			return runErr
		}
		if err := c.client.CommitUncommittedOffsets(ctx); err != nil {
			c.log.Error("commit offsets", "err", err)
		}
		c.client.AllowRebalance()
	}
}

func (c *LeaseEvents) handleWithRetry(ctx context.Context, rec *kgo.Record) error {
	var env Envelope
	if err := json.Unmarshal(rec.Value, &env); err != nil {
		c.log.Error("undecodable lease event", "partition", rec.Partition, "offset", rec.Offset, "err", err)
		return nil
	}
	h, ok := c.handlers[env.Type]
	if !ok {
		return nil
	}
	bo := backoff.NewExponentialBackOff()
	bo.InitialInterval = 500 * time.Millisecond
	bo.MaxInterval = 30 * time.Second
	bo.MaxElapsedTime = 0
	return backoff.RetryNotify(func() error {
		err := h(ctx, env)
		if errors.Is(err, errSkip) {
			c.log.Error("skipping lease event", "event_id", env.EventID, "type", env.Type, "err", err)
			return nil
		}
		if ctx.Err() != nil {
			return backoff.Permanent(ctx.Err())
		}
		return err
	}, backoff.WithContext(bo, ctx), func(err error, wait time.Duration) {
		c.log.Warn("lease event failed; retrying", "event_id", env.EventID, "type", env.Type,
			"partition", rec.Partition, "offset", rec.Offset, "wait", wait, "err", err)
	})
}
