package messaging

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/idgen"
)

// Enqueuer queues an event for publication.
type Enqueuer interface {
	Enqueue(ctx context.Context, topic string, payload any) error
}

// Outbox stores events in the caller's transaction; the relay publishes them.
type Outbox struct {
	db *gorm.DB
}

func NewOutbox(db *gorm.DB) *Outbox {
	return &Outbox{db: db}
}

// Enqueue writes the event on the transaction carried by ctx, so it commits
// or rolls back together with the state change that produced it.
func (o *Outbox) Enqueue(ctx context.Context, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox marshal %T: %w", payload, err)
	}
	row := domain.OutboxMessage{
		ID:      idgen.New("evt"),
		Topic:   topic,
		Payload: body,
	}
	return database.Conn(ctx, o.db).Create(&row).Error
}

// Relay moves committed outbox rows to the broker.
type Relay struct {
	db        *gorm.DB
	publisher message.Publisher
	batch     int
}

func NewRelay(db *gorm.DB, publisher message.Publisher) *Relay {
	return &Relay{db: db, publisher: publisher, batch: 100}
}

// Flush publishes one batch of pending rows. The outbox row id is the broker
// message id, so a row that is published twice (crash before the
// published_at update commits) reaches consumers as the same message.
func (r *Relay) Flush(ctx context.Context) (int, error) {
	published := 0
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []domain.OutboxMessage
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("published_at IS NULL").
			Order("created_at").
			Limit(r.batch).
			Find(&rows).Error; err != nil {
			return err
		}
		for _, row := range rows {
			msg := NewMessageWithID(row.ID, row.Payload)
			if err := r.publisher.Publish(row.Topic, msg); err != nil {
				return fmt.Errorf("publish %s: %w", row.ID, err)
			}
			now := time.Now().UTC()
			if err := tx.Model(&domain.OutboxMessage{}).
				Where("id = ?", row.ID).
				Update("published_at", now).Error; err != nil {
				return err
			}
			published++
		}
		return nil
	})
	return published, err
}
