package events

import (
	"context"
	"encoding/json"
	"time"

	"github.com/segmentio/kafka-go"
)

// Kafka topics used by the tolling pipeline.
const (
	TopicGantryReads       = "tolling.gantry-reads.v1"
	TopicPlateReads        = "tolling.plate-reads.v1"
	TopicTripsClosed       = "tolling.trips-closed.v1"
	TopicTripsCharged      = "tolling.trips-charged.v1"
	TopicTransponderStatus = "interop.transponder-status.v1"
)

// StreamWriter writes keyed JSON records to Kafka.
type StreamWriter interface {
	Write(ctx context.Context, topic, key string, v any) error
	Close() error
}

type kafkaWriter struct {
	w *kafka.Writer
}

// NewStreamWriter returns a StreamWriter on brokers.
func NewStreamWriter(brokers []string) StreamWriter {
	return &kafkaWriter{w: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 10 * time.Millisecond,
	}}
}

func (k *kafkaWriter) Write(ctx context.Context, topic, key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return k.w.WriteMessages(ctx, kafka.Message{Topic: topic, Key: []byte(key), Value: b})
}

func (k *kafkaWriter) Close() error { return k.w.Close() }
