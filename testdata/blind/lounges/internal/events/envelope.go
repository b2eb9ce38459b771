// Package events defines the visit events shared with the loyalty partner and
// the Kafka producer that carries them.
package events

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
)

const (
	TypeVisitStarted   = "visit.started"
	TypeVisitCompleted = "visit.completed"
	TypeGuestAdmitted  = "visit.guest_admitted"

	SchemaVersion = "1"
)

// Envelope is the wire format agreed with the loyalty partner. The partner
// drops any message whose event_id header it has already accepted.
type Envelope struct {
	EventID    string          `json:"event_id"`
	EventType  string          `json:"event_type"`
	Key        string          `json:"-"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// VisitPayload is the data block for visit events.
type VisitPayload struct {
	VisitID         string     `json:"visit_id"`
	MemberID        string     `json:"member_id,omitempty"`
	LoungeID        string     `json:"lounge_id"`
	EntitlementType string     `json:"entitlement_type"`
	AirlineCode     string     `json:"airline_code,omitempty"`
	GuestCount      int        `json:"guest_count"`
	EnteredAt       time.Time  `json:"entered_at"`
	ExitedAt        *time.Time `json:"exited_at,omitempty"`
}

func VisitPayloadFrom(v domain.Visit) VisitPayload {
	p := VisitPayload{
		VisitID:         v.ID.String(),
		LoungeID:        v.LoungeID.String(),
		EntitlementType: string(v.EntitlementType),
		GuestCount:      v.GuestCount,
		EnteredAt:       v.EnteredAt,
		ExitedAt:        v.ExitedAt,
	}
	if v.MemberID != nil {
		p.MemberID = v.MemberID.String()
	}
	if v.AirlineCode != nil {
		p.AirlineCode = *v.AirlineCode
	}
	return p
}

// NewVisitEnvelope wraps a visit for publishing. Events are keyed by member so
// the partner sees one member's visits in order.
func NewVisitEnvelope(eventType string, v domain.Visit, at time.Time) (Envelope, error) {
	data, err := json.Marshal(VisitPayloadFrom(v))
	if err != nil {
		return Envelope{}, err
	}
	key := v.ID.String()
	if v.MemberID != nil {
		key = v.MemberID.String()
	}
	return Envelope{
		EventID:    uuid.NewString(),
		EventType:  eventType,
		Key:        key,
		OccurredAt: at,
		Data:       data,
	}, nil
}

// FromOutbox rebuilds the envelope persisted in the outbox. The outbox row ID
// is the event ID, so a republished row carries the same event_id.
func FromOutbox(e domain.OutboxEvent) Envelope {
	return Envelope{
		EventID:    e.ID.String(),
		EventType:  e.EventType,
		Key:        e.PartitionKey,
		OccurredAt: e.CreatedAt,
		Data:       e.Payload,
	}
}
