// Package pubsub builds the watermill publisher and subscriber.
package pubsub

import (
	"github.com/IBM/sarama"
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-kafka/v3/pkg/kafka"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/platform/config"
)

type PubSub struct {
	Publisher  message.Publisher
	Subscriber message.Subscriber
}

// NewLogger adapts zap to watermill's logger interface.
func NewLogger(l *zap.Logger) watermill.LoggerAdapter {
	return zapAdapter{l: l.Named("watermill")}
}

func partitionKey(_ string, msg *message.Message) (string, error) {
	return msg.Metadata.Get("partition_key"), nil
}

// New returns Kafka pub/sub, or an in-process channel pub/sub when
// PUBSUB_DRIVER=gochannel.
func New(cfg *config.Config, logger watermill.LoggerAdapter) (*PubSub, func(), error) {
	if cfg.Kafka.Driver == "gochannel" {
		ch := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 256, Persistent: true}, logger)
		return &PubSub{Publisher: ch, Subscriber: ch}, func() { _ = ch.Close() }, nil
	}

	marshaler := kafka.NewWithPartitioningMarshaler(partitionKey)
	pub, err := kafka.NewPublisher(kafka.PublisherConfig{
		Brokers:   cfg.Kafka.Brokers,
		Marshaler: marshaler,
	}, logger)
	if err != nil {
		return nil, nil, err
	}
	saramaCfg := kafka.DefaultSaramaSubscriberConfig()
	saramaCfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	sub, err := kafka.NewSubscriber(kafka.SubscriberConfig{
		Brokers:               cfg.Kafka.Brokers,
		Unmarshaler:           marshaler,
		ConsumerGroup:         cfg.Kafka.ConsumerGroup,
		OverwriteSaramaConfig: saramaCfg,
	}, logger)
	if err != nil {
		_ = pub.Close()
		return nil, nil, err
	}
	cleanup := func() {
		_ = sub.Close()
		_ = pub.Close()
	}
	return &PubSub{Publisher: pub, Subscriber: sub}, cleanup, nil
}

type zapAdapter struct {
	l *zap.Logger
}

func fields(f watermill.LogFields) []zap.Field {
	out := make([]zap.Field, 0, len(f))
	for k, v := range f {
		out = append(out, zap.Any(k, v))
	}
	return out
}

func (a zapAdapter) Error(msg string, err error, f watermill.LogFields) {
	a.l.Error(msg, append(fields(f), zap.Error(err))...)
}
func (a zapAdapter) Info(msg string, f watermill.LogFields)  { a.l.Info(msg, fields(f)...) }
func (a zapAdapter) Debug(msg string, f watermill.LogFields) { a.l.Debug(msg, fields(f)...) }
func (a zapAdapter) Trace(msg string, f watermill.LogFields) { a.l.Debug(msg, fields(f)...) }
func (a zapAdapter) With(f watermill.LogFields) watermill.LoggerAdapter {
	return zapAdapter{l: a.l.With(fields(f)...)}
}
