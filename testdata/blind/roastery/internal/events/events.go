// Package events defines the internal event stream carried on NATS
// JetStream and the helpers to publish and consume it.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Stream is the JetStream stream holding every internal event.
const Stream = "ROASTERY"

// Subjects.
const (
	WholesaleOrderPlaced = "roastery.wholesale.order.placed"
	SubscriptionCharged  = "roastery.subscription.charged"
	ShipmentDelivered    = "roastery.shipment.delivered"
	RoastBatchCompleted  = "roastery.roast.batch.completed"
	RefundApproved       = "roastery.refund.approved"
)

// Envelope wraps every event payload.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// Decode unmarshals the payload into v.
func (e Envelope) Decode(v any) error { return json.Unmarshal(e.Data, v) }

// OrderPlaced is published after a wholesale order commits.
type OrderPlaced struct {
	OrderID    string `json:"order_id"`
	CafeID     string `json:"cafe_id"`
	TotalCents int64  `json:"total_cents"`
}

// ChargeSucceeded is published after a monthly subscription charge.
type ChargeSucceeded struct {
	ChargeID       string `json:"charge_id"`
	SubscriptionID string `json:"subscription_id"`
	CustomerID     string `json:"customer_id"`
	AmountCents    int64  `json:"amount_cents"`
	Period         string `json:"period"`
}

// Delivered is published when a carrier confirms delivery.
type Delivered struct {
	ShipmentID  string    `json:"shipment_id"`
	CustomerID  string    `json:"customer_id,omitempty"`
	Kind        string    `json:"kind"`
	DeliveredAt time.Time `json:"delivered_at"`
}

// BatchCompleted is published after a roast batch is recorded.
type BatchCompleted struct {
	BatchID string `json:"batch_id"`
	SKU     string `json:"sku"`
	Bags    int    `json:"bags"`
}

// RefundApprovedEvent is published when a refund is approved for payout.
type RefundApprovedEvent struct {
	RefundID string `json:"refund_id"`
}

// Publisher publishes envelopes.
type Publisher interface {
	Publish(ctx context.Context, subject, id string, payload any) error
}

// JetStreamPublisher publishes to JetStream. The envelope id doubles as the
// Nats-Msg-Id header so the stream drops duplicates inside its dedup window.
type JetStreamPublisher struct {
	js jetstream.JetStream
}

// NewJetStreamPublisher returns a publisher on js.
func NewJetStreamPublisher(js jetstream.JetStream) *JetStreamPublisher {
	return &JetStreamPublisher{js: js}
}

// Publish wraps payload in an envelope and publishes it.
func (p *JetStreamPublisher) Publish(ctx context.Context, subject, id string, payload any) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("events: encode %s: %w", subject, err)
	}
	env, err := json.Marshal(Envelope{ID: id, Type: subject, OccurredAt: time.Now().UTC(), Data: data})
	if err != nil {
		return err
	}
	if _, err := p.js.Publish(ctx, subject, env, jetstream.WithMsgID(id)); err != nil {
		return fmt.Errorf("events: publish %s: %w", subject, err)
	}
	return nil
}

// EnsureStream creates or updates the stream with the subjects above.
func EnsureStream(ctx context.Context, js jetstream.JetStream) (jetstream.Stream, error) {
	return js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       Stream,
		Subjects:   []string{"roastery.>"},
		Retention:  jetstream.LimitsPolicy,
		MaxAge:     14 * 24 * time.Hour,
		Duplicates: 10 * time.Minute,
		Storage:    jetstream.FileStorage,
	})
}
