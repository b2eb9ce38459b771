// Package stream consumes store events from NATS JetStream with durable
// pull consumers and explicit acks.
package stream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/nats-io/nats.go/jetstream"
)

// Handler processes one message. Returning nil acks it; returning an error
// naks it for redelivery unless the error wraps ErrPoison.
type Handler func(ctx context.Context, msg jetstream.Msg) error

// Consumer is one entry of the consumer table.
type Consumer struct {
	Subject string
	Durable string
	Handle  Handler

	// FetchBatch, when > 0, drives the consumer with a Fetch loop of that
	// batch size instead of the callback-based Consume.
	FetchBatch int
}

// ErrPoison marks a message that can never succeed; it is terminated.
var ErrPoison = errors.New("poison message")

// Typed decodes the JSON payload into T and calls fn.
func Typed[T any](fn func(ctx context.Context, v T) error) Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var v T
		if err := json.Unmarshal(msg.Data(), &v); err != nil {
			return fmt.Errorf("%w: decode %s: %v", ErrPoison, msg.Subject(), err)
		}
		return fn(ctx, v)
	}
}

// WithMessageID decodes T and passes the message's stable id: the
// publisher's Nats-Msg-Id header, falling back to the stream sequence.
func WithMessageID[T any](fn func(ctx context.Context, id string, v T) error) Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		var v T
		if err := json.Unmarshal(msg.Data(), &v); err != nil {
			return fmt.Errorf("%w: decode %s: %v", ErrPoison, msg.Subject(), err)
		}
		return fn(ctx, MessageID(msg), v)
	}
}

// MessageID returns a stable identifier for msg across redeliveries.
func MessageID(msg jetstream.Msg) string {
	if id := msg.Headers().Get(jetstream.MsgIDHeader); id != "" {
		return id
	}
	if md, err := msg.Metadata(); err == nil {
		return md.Stream + ":" + strconv.FormatUint(md.Sequence.Stream, 10)
	}
	return ""
}
