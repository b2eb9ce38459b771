// Package outbox stores domain events in the same transaction as the state
// change that produced them and relays them to the broker afterwards.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/store/dbgen"
)

// Writer appends events to the outbox table using the ambient transaction.
type Writer interface {
	Add(ctx context.Context, topic string, payload any) error
}

// PgWriter is the Postgres Writer.
type PgWriter struct {
	conn *txctx.Conn
}

// NewPgWriter builds a PgWriter.
func NewPgWriter(conn *txctx.Conn) *PgWriter { return &PgWriter{conn: conn} }

// Add implements Writer.
func (w *PgWriter) Add(ctx context.Context, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", topic, err)
	}
	return w.conn.Queries(ctx).InsertOutbox(ctx, dbgen.InsertOutboxParams{
		ID:      uuid.New(),
		Topic:   topic,
		Payload: body,
	})
}

// Relay polls the outbox and publishes pending rows. It is a single
// background loop, not a message consumer.
type Relay struct {
	tx        txctx.TxManager
	conn      *txctx.Conn
	publisher events.Publisher
	batch     int32
	interval  time.Duration
	log       *slog.Logger
}

// NewRelay builds a Relay.
func NewRelay(tx txctx.TxManager, conn *txctx.Conn, publisher events.Publisher, log *slog.Logger) *Relay {
	return &Relay{tx: tx, conn: conn, publisher: publisher, batch: 100, interval: time.Second, log: log}
}

// Run blocks until ctx is done.
func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			if err := r.flush(ctx); err != nil {
				r.log.Warn("outbox relay flush failed", "err", err)
			}
		}
	}
}

func (r *Relay) flush(ctx context.Context) error {
	return r.tx.Do(ctx, func(ctx context.Context) error {
		q := r.conn.Queries(ctx)
		rows, err := q.ListUnpublishedOutbox(ctx, r.batch)
		if err != nil {
			return err
		}
		for _, row := range rows {
			if err := r.publisher.Publish(ctx, row.Topic, row.Payload,
				events.WithMessageID(row.ID.String()),
			); err != nil {
				return fmt.Errorf("publish outbox %s: %w", row.ID, err)
			}
			if err := q.MarkOutboxPublished(ctx, row.ID); err != nil {
				return err
			}
		}
		return nil
	})
}
