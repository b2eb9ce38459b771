// Package messaging wires Watermill's Kafka pub/sub and the handler router.
package messaging

import (
	"log/slog"
	"time"

	"github.com/IBM/sarama"
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-kafka/v3/pkg/kafka"
	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/nimbusrack/hosting/internal/platform/config"
)

// NewLogger adapts slog for Watermill.
func NewLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log)
}

// NewPublisher returns a synchronous Kafka publisher.
func NewPublisher(cfg *config.Config, logger watermill.LoggerAdapter) (message.Publisher, error) {
	sc := kafka.DefaultSaramaSyncPublisherConfig()
	sc.Producer.RequiredAcks = sarama.WaitForAll
	sc.Producer.Retry.Max = 5
	sc.Producer.Idempotent = true
	sc.Net.MaxOpenRequests = 1
	sc.ClientID = "nimbusrack"

	return kafka.NewPublisher(kafka.PublisherConfig{
		Brokers:               cfg.KafkaBrokers,
		Marshaler:             kafka.NewWithPartitioningMarshaler(partitionByKey),
		OverwriteSaramaConfig: sc,
	}, logger)
}

// NewSubscriber returns a consumer-group subscriber.
func NewSubscriber(cfg *config.Config, logger watermill.LoggerAdapter) (message.Subscriber, error) {
	sc := kafka.DefaultSaramaSubscriberConfig()
	sc.Consumer.Offsets.Initial = sarama.OffsetOldest
	sc.Consumer.Group.Session.Timeout = 20 * time.Second
	sc.ClientID = "nimbusrack-events"

	return kafka.NewSubscriber(kafka.SubscriberConfig{
		Brokers:               cfg.KafkaBrokers,
		Unmarshaler:           kafka.DefaultMarshaler{},
		OverwriteSaramaConfig: sc,
		ConsumerGroup:         cfg.KafkaConsumerGroup,
		NackResendSleep:       500 * time.Millisecond,
		ReconnectRetrySleep:   time.Second,
	}, logger)
}

// MetadataPartitionKey names the metadata entry used as the Kafka key so
// that events for one aggregate stay ordered.
const MetadataPartitionKey = "partition_key"

func partitionByKey(_ string, msg *message.Message) (string, error) {
	return msg.Metadata.Get(MetadataPartitionKey), nil
}
