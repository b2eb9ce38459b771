// Package pubsub is a stub of cloud.google.com/go/internal/pubsub (v0.123.0),
// where the real pubsub.Message and pubsub.PublishResult types are defined.
package pubsub

import (
	"context"
	"time"
)

type Message struct {
	ID              string
	Data            []byte
	Attributes      map[string]string
	PublishTime     time.Time
	DeliveryAttempt *int
	OrderingKey     string
}

func (m *Message) Ack()  {}
func (m *Message) Nack() {}

type PublishResult struct{}

func (r *PublishResult) Get(ctx context.Context) (serverID string, err error) { return "", nil }
