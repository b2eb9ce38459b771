// Package events defines the JetStream subjects and payloads the auction
// house publishes, and a publisher that sets JetStream's deduplication ID.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Stream and subjects.
const (
	Stream             = "AUCTIONS"
	SubjectBidPlaced   = "auctions.bids.placed"
	SubjectLotClosed   = "auctions.lots.closed"
	SubjectPaymentDone = "auctions.payments.captured"
	SubjectDelivered   = "auctions.shipments.delivered"
)

// BidPlaced is published after a bid commits.
type BidPlaced struct {
	BidID                string    `json:"bid_id"`
	LotID                string    `json:"lot_id"`
	BidderID             string    `json:"bidder_id"`
	AmountCents          int64     `json:"amount_cents"`
	Currency             string    `json:"currency"`
	PreviousHighBidderID string    `json:"previous_high_bidder_id,omitempty"`
	PlacedAt             time.Time `json:"placed_at"`
}

// LotClosed is published when an auction closes.
type LotClosed struct {
	LotID       string `json:"lot_id"`
	SellerID    string `json:"seller_id"`
	Outcome     string `json:"outcome"`
	WinnerID    string `json:"winner_id,omitempty"`
	OrderID     string `json:"order_id,omitempty"`
	HammerCents int64  `json:"hammer_cents"`
	Title       string `json:"title"`
}

// PaymentCaptured is published when the buyer's payment succeeds.
type PaymentCaptured struct {
	OrderID         string `json:"order_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	AmountCents     int64  `json:"amount_cents"`
}

// ShipmentDelivered is published when the carrier reports delivery.
type ShipmentDelivered struct {
	OrderID        string    `json:"order_id"`
	TrackingNumber string    `json:"tracking_number"`
	CarrierEventID string    `json:"carrier_event_id"`
	DeliveredAt    time.Time `json:"delivered_at"`
}

// Publisher publishes JSON events to JetStream.
type Publisher struct {
	js jetstream.JetStream
}

// NewPublisher returns a Publisher.
func NewPublisher(js jetstream.JetStream) *Publisher { return &Publisher{js: js} }

// Publish marshals v and publishes it with msgID as the Nats-Msg-Id, so a
// repeat within the stream's duplicate window is dropped by the server.
func (p *Publisher) Publish(ctx context.Context, subject, msgID string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	msg := &nats.Msg{Subject: subject, Data: data, Header: nats.Header{}}
	msg.Header.Set("Content-Type", "application/json")
	if _, err := p.js.PublishMsg(ctx, msg, jetstream.WithMsgID(msgID)); err != nil {
		return fmt.Errorf("events: publish %s: %w", subject, err)
	}
	return nil
}

// EnsureStream creates or updates the AUCTIONS stream.
func EnsureStream(ctx context.Context, js jetstream.JetStream) error {
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       Stream,
		Subjects:   []string{"auctions.>"},
		Retention:  jetstream.LimitsPolicy,
		MaxAge:     14 * 24 * time.Hour,
		Duplicates: 2 * time.Hour,
		Storage:    jetstream.FileStorage,
		Replicas:   1,
	})
	return err
}
