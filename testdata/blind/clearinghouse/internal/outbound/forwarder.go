// Package outbound produces claim transmissions onto the payer-bound Kafka
// topic consumed by the EDI translator.
package outbound

import (
	"context"
	"fmt"
	"time"

	"github.com/segmentio/kafka-go"
)

// Forwarder writes outbound claim messages.
type Forwarder struct {
	w *kafka.Writer
}

// NewForwarder builds a Forwarder for the given brokers and topic.
func NewForwarder(brokers []string, topic string) *Forwarder {
	return &Forwarder{w: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        topic,
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 50 * time.Millisecond,
	}}
}

// Forward publishes one claim document for a payer. The message key keeps
// every message of a claim on one partition.
func (f *Forwarder) Forward(ctx context.Context, payerCode, claimKey string, doc []byte) error {
	err := f.w.WriteMessages(ctx, kafka.Message{
		Key:   []byte(claimKey),
		Value: doc,
		Headers: []kafka.Header{
			{Key: "payer-code", Value: []byte(payerCode)},
			{Key: "content-type", Value: []byte("application/x12+json")},
		},
	})
	if err != nil {
		return fmt.Errorf("forward claim %s: %w", claimKey, err)
	}
	return nil
}

// Close flushes and closes the writer.
func (f *Forwarder) Close() error { return f.w.Close() }
