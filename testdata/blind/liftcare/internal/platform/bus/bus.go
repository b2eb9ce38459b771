// Package bus publishes domain events to NATS JetStream.
package bus

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// Subjects published by LiftCare.
const (
	SubjectCalloutAssigned  = "liftcare.callout.assigned"
	SubjectCalloutAnnounced = "liftcare.callout.announced"
)

// Publisher publishes a JSON event. msgID, when non-empty, is sent as
// Nats-Msg-Id so the stream drops duplicates inside its dedup window.
type Publisher interface {
	Publish(ctx context.Context, subject string, event any, msgID string) error
}

// JetStreamPublisher is the JetStream-backed Publisher.
type JetStreamPublisher struct {
	js jetstream.JetStream
}

// NewJetStreamPublisher wraps js.
func NewJetStreamPublisher(js jetstream.JetStream) *JetStreamPublisher {
	return &JetStreamPublisher{js: js}
}

// Publish implements Publisher.
func (p *JetStreamPublisher) Publish(ctx context.Context, subject string, event any, msgID string) error {
	data, err := json.Marshal(event)
	if err != nil {
		return fmt.Errorf("bus: marshal %s: %w", subject, err)
	}
	var opts []jetstream.PublishOpt
	if msgID != "" {
		opts = append(opts, jetstream.WithMsgID(msgID))
	}
	if _, err := p.js.Publish(ctx, subject, data, opts...); err != nil {
		return fmt.Errorf("bus: publish %s: %w", subject, err)
	}
	return nil
}

// CalloutAssigned is published when a technician is put on a call-out.
type CalloutAssigned struct {
	CalloutID    string `json:"callout_id"`
	LiftID       string `json:"lift_id"`
	TechnicianID string `json:"technician_id"`
	AssignedAt   string `json:"assigned_at"`
}

// CalloutAnnounced is consumed by the building-owner portal.
type CalloutAnnounced struct {
	CalloutID   string `json:"callout_id"`
	LiftID      string `json:"lift_id"`
	Technician  string `json:"technician"`
	Description string `json:"description"`
	ReportedAt  string `json:"reported_at"`
}
