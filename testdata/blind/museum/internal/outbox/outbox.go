// Package outbox implements the transactional outbox: events are written in
// the same transaction as the state change and relayed to Kafka afterwards.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"go.uber.org/zap"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
)

// Writer appends events to the outbox using the transaction on ctx.
type Writer struct {
	db database.Conner
}

func NewWriter(db database.Conner) *Writer { return &Writer{db: db} }

func (w *Writer) Add(ctx context.Context, topic, key string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", topic, err)
	}
	msg := models.OutboxMessage{
		ID:           uuid.New(),
		Topic:        topic,
		PartitionKey: key,
		Payload:      body,
	}
	return w.db.Conn(ctx).Create(&msg).Error
}

// Relay polls the outbox and publishes pending rows.
type Relay struct {
	db        *gorm.DB
	publisher message.Publisher
	logger    *zap.Logger
	batch     int
	interval  time.Duration
}

func NewRelay(db *gorm.DB, publisher message.Publisher, logger *zap.Logger) *Relay {
	return &Relay{db: db, publisher: publisher, logger: logger.Named("outbox"), batch: 100, interval: 500 * time.Millisecond}
}

func (r *Relay) Run(ctx context.Context) error {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			n, err := r.flush(ctx)
			if err != nil {
				r.logger.Error("outbox flush failed", zap.Error(err))
				continue
			}
			if n == r.batch {
				t.Reset(10 * time.Millisecond)
			} else {
				t.Reset(r.interval)
			}
		}
	}
}

func (r *Relay) flush(ctx context.Context) (int, error) {
	var sent int
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []models.OutboxMessage
		err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("published_at IS NULL").
			Order("created_at").
			Limit(r.batch).
			Find(&rows).Error
		if err != nil {
			return err
		}
		for _, row := range rows {
			// The outbox row id is the message UUID, so consumers see the
			// same id if a row is relayed twice.
			msg := message.NewMessage(row.ID.String(), row.Payload)
			msg.Metadata.Set("partition_key", row.PartitionKey)
			msg.Metadata.Set("created_at", row.CreatedAt.Format(time.RFC3339Nano))
			if err := r.publisher.Publish(row.Topic, msg); err != nil {
				return fmt.Errorf("publish %s: %w", row.ID, err)
			}
			now := time.Now()
			if err := tx.Model(&models.OutboxMessage{}).Where("id = ?", row.ID).Update("published_at", now).Error; err != nil {
				return err
			}
			sent++
		}
		return nil
	})
	return sent, err
}
