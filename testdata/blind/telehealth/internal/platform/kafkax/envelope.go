// Package kafkax wraps segmentio/kafka-go with the envelope, routing and
// dead-letter conventions used by the telehealth consumers.
package kafkax

import (
	"encoding/json"
	"time"

	"github.com/segmentio/kafka-go"
)

// Header names carried on every message.
const (
	HeaderEventID   = "event-id"
	HeaderEventType = "event-type"
	HeaderSource    = "source"
)

// Envelope is the JSON body of every message on the session topic.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// Decode unmarshals the envelope data into v.
func (e Envelope) Decode(v any) error { return json.Unmarshal(e.Data, v) }

func header(m kafka.Message, name string) string {
	for _, h := range m.Headers {
		if h.Key == name {
			return string(h.Value)
		}
	}
	return ""
}

// FromMessage builds the envelope of m; header values fill fields the body
// leaves empty.
func FromMessage(m kafka.Message) (Envelope, error) {
	var env Envelope
	if err := json.Unmarshal(m.Value, &env); err != nil {
		return env, err
	}
	if env.ID == "" {
		env.ID = header(m, HeaderEventID)
	}
	if env.Type == "" {
		env.Type = header(m, HeaderEventType)
	}
	if env.Source == "" {
		env.Source = header(m, HeaderSource)
	}
	return env, nil
}
