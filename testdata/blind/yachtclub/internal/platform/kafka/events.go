// Package kafka carries the clubhouse's domain events over Kafka with
// franz-go. Every record has an "event-id" header; consumers dedupe on it.
package kafka

import (
	"encoding/json"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Topics.
const (
	TopicMembership = "clubhouse.membership"
	TopicBerths     = "marina.berths"
	TopicFuel       = "fuel.dispensed"
	TopicScoring    = "regatta.scoring"
)

// Header names.
const (
	HeaderEventID   = "event-id"
	HeaderEventType = "event-type"
	HeaderSource    = "source"
)

// Event is the envelope published on every topic.
type Event struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	Key        string          `json:"key"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

// NewEvent marshals payload into an Event.
func NewEvent(id, typ, key string, at time.Time, payload any) (Event, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return Event{}, err
	}
	return Event{ID: id, Type: typ, Key: key, OccurredAt: at, Payload: raw}, nil
}

func header(r *kgo.Record, name string) string {
	for _, h := range r.Headers {
		if h.Key == name {
			return string(h.Value)
		}
	}
	return ""
}

// Decode reads the envelope from a record. Records produced by devices that
// do not wrap their payload (the pump controllers) are returned with the raw
// value as payload and the id/type from headers.
func Decode(r *kgo.Record) Event {
	var e Event
	if err := json.Unmarshal(r.Value, &e); err != nil || e.Type == "" {
		e = Event{Payload: r.Value}
	}
	if e.ID == "" {
		e.ID = header(r, HeaderEventID)
	}
	if e.Type == "" {
		e.Type = header(r, HeaderEventType)
	}
	if e.Key == "" {
		e.Key = string(r.Key)
	}
	if e.OccurredAt.IsZero() {
		e.OccurredAt = r.Timestamp
	}
	return e
}
