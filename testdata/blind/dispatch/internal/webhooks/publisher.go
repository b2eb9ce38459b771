// Package webhooks delivers events to merchants' webhook endpoints. Events
// are stored first (webhook_events), then a dispatcher queues one
// webhook:deliver task per event. Merchants are told to deduplicate on the
// X-Quaymile-Event-Id header, which is the stored event id.
package webhooks

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
)

// Publisher stores webhook events. Publish joins the transaction carried by
// ctx, if any.
type Publisher struct {
	events *database.Repo[domain.WebhookEvent]
}

// NewPublisher builds a Publisher.
func NewPublisher(db *gorm.DB) *Publisher {
	return &Publisher{events: database.NewRepo[domain.WebhookEvent](db)}
}

// Publish stores an event for delivery.
func (p *Publisher) Publish(ctx context.Context, merchantID, eventType string, data any) error {
	id := "evt_" + uuid.NewString()
	body, err := json.Marshal(envelope{ID: id, Type: eventType, CreatedAt: time.Now().UTC(), Data: data})
	if err != nil {
		return err
	}
	return p.events.Create(ctx, &domain.WebhookEvent{
		ID:         id,
		MerchantID: merchantID,
		Type:       eventType,
		Payload:    body,
		Status:     "pending",
		CreatedAt:  time.Now().UTC(),
	})
}

type envelope struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      any       `json:"data"`
}
