// Package pubsub is a stub of the Go CDK's portable pubsub package.
package pubsub

import "context"

// Message is a received message.
type Message struct {
	LoggableID string
	Body       []byte
	Metadata   map[string]string
}

// Ack acknowledges the message.
func (m *Message) Ack() {}

// Nack asks for the message to be delivered again.
func (m *Message) Nack() {}

// Nackable reports whether the provider supports Nack.
func (m *Message) Nackable() bool { return true }

// Subscription receives messages.
type Subscription struct{}

// Receive returns the next message.
func (s *Subscription) Receive(ctx context.Context) (*Message, error) { return nil, nil }

// OpenSubscription opens the subscription at url.
func OpenSubscription(ctx context.Context, url string) (*Subscription, error) {
	return &Subscription{}, nil
}
