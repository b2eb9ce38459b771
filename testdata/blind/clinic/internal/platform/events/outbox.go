package events

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/acme/clinic/internal/platform/db"
	"github.com/acme/clinic/internal/platform/ids"
)

// OutboxWriter records an event in the caller's transaction.
type OutboxWriter interface {
	Write(ctx context.Context, topic string, payload any) error
}

// OutboxEvent is the gorm model for outbox_events.
type OutboxEvent struct {
	ID          string `gorm:"primaryKey"`
	Topic       string
	Payload     []byte `gorm:"type:jsonb"`
	CreatedAt   time.Time
	PublishedAt *time.Time
}

func (OutboxEvent) TableName() string { return "outbox_events" }

// SQLOutbox writes through the transaction carried by db.Transactor.
type SQLOutbox struct {
	pool *sql.DB
}

func NewSQLOutbox(pool *sql.DB) *SQLOutbox { return &SQLOutbox{pool: pool} }

func (o *SQLOutbox) Write(ctx context.Context, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = db.Conn(ctx, o.pool).ExecContext(ctx,
		`INSERT INTO outbox_events (id, topic, payload) VALUES ($1, $2, $3)`,
		ids.NewUUID(), topic, body)
	return err
}

// WriteGorm records an event inside a gorm transaction.
func WriteGorm(tx *gorm.DB, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return tx.Create(&OutboxEvent{ID: ids.NewUUID(), Topic: topic, Payload: body}).Error
}

// Relay publishes pending outbox rows. Each message carries the outbox row id
// as its UUID so consumers can de-duplicate redeliveries.
type Relay struct {
	pool     *sql.DB
	pub      Publisher
	log      *slog.Logger
	interval time.Duration
	batch    int
}

func NewRelay(pool *sql.DB, pub Publisher, log *slog.Logger) *Relay {
	return &Relay{pool: pool, pub: pub, log: log, interval: time.Second, batch: 100}
}

func (r *Relay) Start(lc fx.Lifecycle) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				t := time.NewTicker(r.interval)
				defer t.Stop()
				for {
					select {
					case <-ctx.Done():
						return
					case <-t.C:
						if err := r.flush(ctx); err != nil {
							r.log.Warn("outbox flush failed", "err", err)
						}
					}
				}
			}()
			return nil
		},
		OnStop: func(stopCtx context.Context) error {
			cancel()
			select {
			case <-done:
			case <-stopCtx.Done():
			}
			return nil
		},
	})
}

type pendingEvent struct {
	id      string
	topic   string
	payload []byte
}

func (r *Relay) flush(ctx context.Context) error {
	rows, err := r.pool.QueryContext(ctx,
		`SELECT id, topic, payload FROM outbox_events
		  WHERE published_at IS NULL ORDER BY created_at LIMIT $1`, r.batch)
	if err != nil {
		return err
	}
	var pending []pendingEvent
	for rows.Next() {
		var e pendingEvent
		if err := rows.Scan(&e.id, &e.topic, &e.payload); err != nil {
			rows.Close()
			return err
		}
		pending = append(pending, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, e := range pending {
		msg := message.NewMessage(e.id, e.payload)
		if err := r.pub.Publish(e.topic, msg); err != nil {
			return err
		}
		if _, err := r.pool.ExecContext(ctx,
			`UPDATE outbox_events SET published_at = now() WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return nil
}
