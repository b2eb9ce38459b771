package events

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/ksuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// OutboxEvent is a pending event written alongside a state change.
type OutboxEvent struct {
	ID          string `gorm:"primaryKey"`
	Subject     string
	Payload     string `gorm:"type:jsonb"`
	CreatedAt   time.Time
	PublishedAt *time.Time
}

func (OutboxEvent) TableName() string { return "outbox_events" }

// Enqueue records an event in tx. It is published after the transaction
// commits by the relay.
func Enqueue(tx *gorm.DB, subject string, payload any) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("events: encode %s: %w", subject, err)
	}
	return tx.Create(&OutboxEvent{
		ID:      "evt_" + ksuid.New().String(),
		Subject: subject,
		Payload: string(data),
	}).Error
}

// Relay moves outbox rows to JetStream.
type Relay struct {
	db        *gorm.DB
	pub       Publisher
	log       *slog.Logger
	batchSize int
	interval  time.Duration
}

// NewRelay returns a relay polling every second.
func NewRelay(gdb *gorm.DB, pub Publisher, log *slog.Logger) *Relay {
	return &Relay{db: gdb, pub: pub, log: log, batchSize: 100, interval: time.Second}
}

// Run polls until ctx is cancelled.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := r.flush(ctx); err != nil {
				r.log.Warn("outbox: flush", "err", err)
			} else if n > 0 {
				r.log.Debug("outbox: published", "count", n)
			}
		}
	}
}

// flush publishes one batch. Rows are locked so that several relays can run;
// a row published but not marked (crash, failed commit) is published again
// under the same id, which the stream's duplicate window discards.
func (r *Relay) flush(ctx context.Context) (int, error) {
	published := 0
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []OutboxEvent
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("published_at IS NULL").Order("created_at").Limit(r.batchSize).
			Find(&rows).Error; err != nil {
			return err
		}
		now := time.Now().UTC()
		for _, row := range rows {
			if err := r.pub.Publish(ctx, row.Subject, row.ID, json.RawMessage(row.Payload)); err != nil {
				return err
			}
			if err := tx.Model(&OutboxEvent{}).Where("id = ?", row.ID).Update("published_at", now).Error; err != nil {
				return err
			}
			published++
		}
		return nil
	})
	return published, err
}
