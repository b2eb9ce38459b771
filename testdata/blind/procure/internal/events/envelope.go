// Package events routes decoded Kafka messages to handlers by event type.
package events

import (
	"encoding/json"
	"fmt"
	"time"
)

// Envelope is the CloudEvents-style wrapper every producer on the
// warehouse and catalogue topics uses.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	Source     string          `json:"source"`
	Subject    string          `json:"subject"`
	OccurredAt time.Time       `json:"time"`
	Data       json.RawMessage `json:"data"`

	// Set by the consumer, not the producer.
	Topic     string `json:"-"`
	Partition int    `json:"-"`
	Offset    int64  `json:"-"`
}

// Parse decodes a raw message value.
func Parse(value []byte) (Envelope, error) {
	var env Envelope
	if err := json.Unmarshal(value, &env); err != nil {
		return Envelope{}, fmt.Errorf("events: decode envelope: %w", err)
	}
	if env.ID == "" || env.Type == "" {
		return Envelope{}, fmt.Errorf("events: envelope missing id or type")
	}
	return env, nil
}
