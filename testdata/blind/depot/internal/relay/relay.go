// Package relay drains the transactional outbox: Kafka events go to their
// topic, webhook events to every subscribed merchant endpoint.
package relay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/kafka-go"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/store"
	"github.com/depotworks/depot/internal/webhook"
)

// KafkaWriter is the part of *kafka.Writer the relay uses.
type KafkaWriter interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error
}

// WebhookSender delivers one event to one endpoint.
type WebhookSender interface {
	Send(ctx context.Context, ep webhook.Endpoint, ev webhook.Event) (webhook.Result, error)
}

// Relay moves outbox rows to their destination.
type Relay struct {
	db          *sqlx.DB
	outbox      *store.OutboxRepo
	webhooks    *store.WebhookRepo
	writer      KafkaWriter
	sender      WebhookSender
	clock       clock.Clock
	log         *slog.Logger
	batch       int
	maxAttempts int
}

// Option configures a Relay.
type Option func(*Relay)

// WithClock sets the clock.
func WithClock(c clock.Clock) Option { return func(r *Relay) { r.clock = c } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(r *Relay) { r.log = l } }

// WithBatchSize sets how many rows one pass claims.
func WithBatchSize(n int) Option { return func(r *Relay) { r.batch = n } }

// New builds a Relay.
func New(repos *store.Repos, writer KafkaWriter, sender WebhookSender, opts ...Option) *Relay {
	r := &Relay{
		db: repos.DB, outbox: repos.Outbox, webhooks: repos.Webhooks, writer: writer, sender: sender,
		clock: clock.System{}, log: slog.Default(), batch: 50, maxAttempts: 12,
	}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Run relays until ctx is cancelled, sleeping when the outbox is empty.
func (r *Relay) Run(ctx context.Context, idle time.Duration) error {
	for ctx.Err() == nil {
		n, err := r.RunOnce(ctx)
		if err != nil {
			r.log.Error("relay pass failed", "err", err)
		}
		if n == 0 || err != nil {
			select {
			case <-ctx.Done():
			case <-time.After(idle):
			}
		}
	}
	return nil
}

// RunOnce relays one batch and returns how many rows it handled.
func (r *Relay) RunOnce(ctx context.Context) (int, error) {
	var handled int
	err := db.InTx(ctx, r.db, func(tx *sqlx.Tx) error {
		now := r.clock.Now()
		rows, err := r.outbox.ClaimBatch(ctx, tx, now, r.batch)
		if err != nil {
			return err
		}
		for _, m := range rows {
			handled++
			if derr := r.deliver(ctx, m); derr != nil {
				next := now.Add(retryDelay(m.Attempts))
				r.log.Warn("outbox delivery failed", "event", m.EventID, "attempt", m.Attempts+1, "err", derr)
				if err := r.outbox.MarkRetry(ctx, tx, m.ID, next, derr.Error(), r.maxAttempts); err != nil {
					return err
				}
				continue
			}
			if err := r.outbox.MarkSent(ctx, tx, m.ID, r.clock.Now()); err != nil {
				return err
			}
		}
		return nil
	})
	return handled, err
}

func (r *Relay) deliver(ctx context.Context, m domain.OutboxMessage) error {
	switch m.Destination {
	case domain.DestKafka:
		return r.writer.WriteMessages(ctx, kafka.Message{
			Topic: m.Topic,
			Key:   []byte(m.PartitionKey),
			Value: m.Payload,
			Headers: []kafka.Header{
				{Key: "message-id", Value: []byte(m.EventID)},
				{Key: "produced-at", Value: []byte(m.CreatedAt.Format(time.RFC3339Nano))},
			},
		})
	case domain.DestWebhook:
		return r.fanOut(ctx, m)
	default:
		return fmt.Errorf("relay: unknown destination %q", m.Destination)
	}
}

func (r *Relay) fanOut(ctx context.Context, m domain.OutboxMessage) error {
	eps, err := r.webhooks.ActiveEndpoints(ctx, m.MerchantID)
	if err != nil {
		return err
	}
	ev := webhook.Event{
		ID:         m.EventID,
		Type:       m.Topic,
		MerchantID: m.MerchantID,
		CreatedAt:  m.CreatedAt,
		Data:       m.Payload,
	}
	var errs []error
	for _, ep := range eps {
		if !ep.Subscribed(m.Topic) {
			continue
		}
		res, err := r.sender.Send(ctx, webhook.Endpoint{ID: ep.ID, URL: ep.URL, Secret: ep.Secret}, ev)
		if rerr := r.webhooks.RecordDelivery(ctx, ev.ID, ep.ID, res.StatusCode, res.Took); rerr != nil {
			r.log.Warn("record webhook delivery", "event", ev.ID, "err", rerr)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", ep.ID, err))
		}
	}
	return errors.Join(errs...)
}

func retryDelay(attempts int) time.Duration {
	d := 15 * time.Second << attempts
	if d > 6*time.Hour || d <= 0 {
		return 6 * time.Hour
	}
	return d
}
