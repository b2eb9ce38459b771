package outbox

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rs/xid"
)

// relayLockID is the advisory lock that keeps a single relay active.
const relayLockID = 0x6f7574626f78

// Relay moves unpublished outbox rows onto the watermill publisher. The
// watermill message UUID is the outbox row ID, so a row relayed twice is
// the same message to every handler.
type Relay struct {
	pool      *pgxpool.Pool
	publisher message.Publisher
	interval  time.Duration
	batch     int
	log       *slog.Logger
}

func NewRelay(pool *pgxpool.Pool, pub message.Publisher, interval time.Duration, batch int, log *slog.Logger) *Relay {
	return &Relay{pool: pool, publisher: pub, interval: interval, batch: batch, log: log.With("component", "outbox-relay")}
}

type row struct {
	id      string
	topic   string
	payload []byte
}

// Run polls until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) error {
	conn, err := r.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("relay: acquire: %w", err)
	}
	defer conn.Release()

	for {
		var locked bool
		if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, relayLockID).Scan(&locked); err != nil {
			return fmt.Errorf("relay: advisory lock: %w", err)
		}
		if locked {
			break
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(5 * time.Second):
		}
	}
	r.log.Info("relay lock acquired")

	ticker := time.NewTicker(r.interval)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
		}
		n, err := r.relayBatch(ctx)
		if err != nil {
			r.log.Error("relay batch failed", "err", err)
			continue
		}
		if n == r.batch {
			ticker.Reset(10 * time.Millisecond)
		} else {
			ticker.Reset(r.interval)
		}
	}
}

func (r *Relay) relayBatch(ctx context.Context) (int, error) {
	rows, err := r.pool.Query(ctx,
		`SELECT id, topic, payload FROM outbox
		  WHERE published_at IS NULL
		  ORDER BY created_at, id
		  LIMIT $1`, r.batch)
	if err != nil {
		return 0, err
	}
	var pending []row
	for rows.Next() {
		var rw row
		if err := rows.Scan(&rw.id, &rw.topic, &rw.payload); err != nil {
			rows.Close()
			return 0, err
		}
		pending = append(pending, rw)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}

	for _, rw := range pending {
		msg := message.NewMessage(rw.id, rw.payload)
		msg.Metadata.Set("topic", rw.topic)
		// Trace handle for log correlation across the relay and handlers.
		msg.Metadata.Set("relay_trace", xid.New().String())
		if err := r.publisher.Publish(rw.topic, msg); err != nil {
			return 0, fmt.Errorf("publish %s: %w", rw.id, err)
		}
		if _, err := r.pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, rw.id); err != nil {
			return 0, fmt.Errorf("mark published %s: %w", rw.id, err)
		}
	}
	return len(pending), nil
}
