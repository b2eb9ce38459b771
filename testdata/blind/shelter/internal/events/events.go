// Package events defines the domain events exchanged over the Watermill bus,
// the outbox relay that feeds it, and the router that consumes it.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

const (
	TopicAnimalIntaken     = "animal.intaken"
	TopicAdoptionFinalized = "adoption.finalized"
	TopicDonationRecorded  = "donation.recorded"
	TopicPlacementEnded    = "foster.placement.ended"
	TopicSupplyDelivered   = "supply.delivered"
)

type AnimalIntaken struct {
	AnimalID   string    `json:"animal_id"`
	TransferID string    `json:"transfer_id"`
	PartnerID  string    `json:"partner_id"`
	Name       string    `json:"name"`
	Species    string    `json:"species"`
	Breed      string    `json:"breed"`
	ChipNumber string    `json:"chip_number,omitempty"`
	ArrivesOn  time.Time `json:"arrives_on"`
}

type AdoptionFinalized struct {
	AdoptionID    string    `json:"adoption_id"`
	ApplicationID string    `json:"application_id"`
	AnimalID      string    `json:"animal_id"`
	AdopterName   string    `json:"adopter_name"`
	AdopterEmail  string    `json:"adopter_email"`
	AdopterPhone  string    `json:"adopter_phone"`
	FinalizedAt   time.Time `json:"finalized_at"`
}

type DonationRecorded struct {
	DonationID  string `json:"donation_id"`
	DonorEmail  string `json:"donor_email"`
	DonorName   string `json:"donor_name"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

type PlacementEnded struct {
	PlacementID string    `json:"placement_id"`
	FosterID    string    `json:"foster_id"`
	AnimalID    string    `json:"animal_id"`
	Reason      string    `json:"reason"`
	EndedAt     time.Time `json:"ended_at"`
}

type SupplyDelivered struct {
	OrderID        string         `json:"order_id"`
	DistributorRef string         `json:"distributor_ref"`
	DeliveryID     string         `json:"delivery_id"`
	Lines          map[string]int `json:"lines"`
	DeliveredAt    time.Time      `json:"delivered_at"`
}

// Publish encodes payload as JSON and publishes it directly on topic. Use
// the outbox instead when the event must commit with a database change.
func Publish(ctx context.Context, pub message.Publisher, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s: %w", topic, err)
	}
	msg := message.NewMessage(watermill.NewUUID(), body)
	msg.SetContext(ctx)
	if cid := middleware.MessageCorrelationID(msg); cid == "" {
		middleware.SetCorrelationID(msg.UUID, msg)
	}
	return pub.Publish(topic, msg)
}

// Handler adapts a typed handler to Watermill. The message UUID is passed
// through so consumers can record it in their inbox.
func Handler[T any](fn func(ctx context.Context, messageID string, event T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var event T
		if err := json.Unmarshal(msg.Payload, &event); err != nil {
			// A payload we cannot decode will never decode; drop it rather
			// than block the topic.
			return nil
		}
		return fn(msg.Context(), msg.UUID, event)
	}
}
