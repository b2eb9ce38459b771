package doorevents

import (
	"time"

	"github.com/segmentio/kafka-go"
)

type ReaderOption func(*kafka.ReaderConfig)

func WithMaxWait(d time.Duration) ReaderOption {
	return func(c *kafka.ReaderConfig) { c.MaxWait = d }
}

func WithStartOffset(off int64) ReaderOption {
	return func(c *kafka.ReaderConfig) { c.StartOffset = off }
}

func WithSessionTimeout(d time.Duration) ReaderOption {
	return func(c *kafka.ReaderConfig) { c.SessionTimeout = d }
}

// NewGroupReader returns a consumer-group reader for topic with explicit
// commits (CommitInterval 0).
func NewGroupReader(brokers []string, groupID, topic string, opts ...ReaderOption) *kafka.Reader {
	cfg := kafka.ReaderConfig{
		Brokers:        brokers,
		GroupID:        groupID,
		Topic:          topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		StartOffset:    kafka.FirstOffset,
		CommitInterval: 0,
	}
	for _, o := range opts {
		o(&cfg)
	}
	return kafka.NewReader(cfg)
}
