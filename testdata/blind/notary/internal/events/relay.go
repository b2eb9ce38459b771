package events

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sealpoint-labs/notary/internal/dbx"
)

type outboxRow struct {
	ID          string `db:"id"`
	Subject     string `db:"subject"`
	AggregateID string `db:"aggregate_id"`
	Payload     []byte `db:"payload"`
}

// Relay drains the outbox into JetStream.
type Relay struct {
	db    *sqlx.DB
	tx    dbx.TxRunner
	js    jetstream.JetStream
	log   *slog.Logger
	batch int
}

func NewRelay(db *sqlx.DB, tx dbx.TxRunner, js jetstream.JetStream, log *slog.Logger) *Relay {
	return &Relay{db: db, tx: tx, js: js, log: log, batch: 100}
}

func (r *Relay) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := r.Drain(ctx); err != nil {
				r.log.Error("outbox drain failed", "err", err, "published", n)
			}
		}
	}
}

// Drain publishes one batch. A crash after Publish but before the commit
// republishes the same rows on the next tick; the stream's duplicate
// window drops them because the message ID is the outbox row ID.
func (r *Relay) Drain(ctx context.Context) (int, error) {
	published := 0
	err := r.tx.InTx(ctx, func(ctx context.Context) error {
		var rows []outboxRow
		err := sqlx.SelectContext(ctx, dbx.Ext(ctx, r.db), &rows, `
			SELECT id, subject, aggregate_id, payload FROM outbox
			WHERE published_at IS NULL
			ORDER BY created_at
			LIMIT $1
			FOR UPDATE SKIP LOCKED`, r.batch)
		if err != nil {
			return err
		}
		for _, row := range rows {
			msg := &nats.Msg{Subject: row.Subject, Data: row.Payload, Header: nats.Header{}}
			msg.Header.Set("Aggregate-Id", row.AggregateID)
			if _, err := r.js.PublishMsg(ctx, msg, jetstream.WithMsgID(row.ID)); err != nil {
				return fmt.Errorf("publish %s: %w", row.ID, err)
			}
			if _, err := dbx.Ext(ctx, r.db).ExecContext(ctx,
				`UPDATE outbox SET published_at = now() WHERE id = $1`, row.ID); err != nil {
				return err
			}
			published++
		}
		return nil
	})
	return published, err
}
