// Package events consumes the registry's inbound Kafka topics. Messages are
// JSON envelopes; the envelope's type selects a typed handler from the
// route table.
package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/segmentio/kafka-go"
)

// Envelope is the common wrapper every producer on our topics uses.
type Envelope struct {
	ID     string          `json:"id"`
	Type   string          `json:"type"`
	Source string          `json:"source"`
	Time   time.Time       `json:"time"`
	Data   json.RawMessage `json:"data"`
}

// Meta describes the message being handled.
type Meta struct {
	EventID   string
	Type      string
	Source    string
	Topic     string
	Partition int
	Offset    int64
	Key       string
}

// Handler handles one decoded envelope.
type Handler interface {
	Handle(ctx context.Context, meta Meta, data json.RawMessage) error
}

type HandlerFunc func(ctx context.Context, meta Meta, data json.RawMessage) error

func (f HandlerFunc) Handle(ctx context.Context, meta Meta, data json.RawMessage) error {
	return f(ctx, meta, data)
}

// ErrPoison marks a message that can never be processed; it is logged and
// committed instead of being retried.
var ErrPoison = errors.New("events: poison message")

// Typed adapts a handler for payload type T.
func Typed[T any](fn func(ctx context.Context, meta Meta, payload T) error) Handler {
	return HandlerFunc(func(ctx context.Context, meta Meta, data json.RawMessage) error {
		var payload T
		if err := json.Unmarshal(data, &payload); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrPoison, meta.Type, err)
		}
		return fn(ctx, meta, payload)
	})
}

// Routes maps an envelope type to its handler.
type Routes map[string]Handler

// Dispatch decodes msg and runs the handler registered for its type.
// Unknown types are skipped.
func (r Routes) Dispatch(ctx context.Context, msg kafka.Message) error {
	var env Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		return fmt.Errorf("%w: envelope: %v", ErrPoison, err)
	}
	h, ok := r[env.Type]
	if !ok {
		return nil
	}
	meta := Meta{
		EventID:   env.ID,
		Type:      env.Type,
		Source:    env.Source,
		Topic:     msg.Topic,
		Partition: msg.Partition,
		Offset:    msg.Offset,
		Key:       string(msg.Key),
	}
	if meta.EventID == "" {
		meta.EventID = fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)
	}
	return h.Handle(ctx, meta, env.Data)
}
