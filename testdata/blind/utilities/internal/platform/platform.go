// Package platform opens the infrastructure connections: MySQL, Kafka,
// Temporal and logging.
package platform

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/IBM/sarama"
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-kafka/v3/pkg/kafka"
	"github.com/ThreeDotsLabs/watermill/message"
	_ "github.com/go-sql-driver/mysql"
	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"

	"github.com/gridwell/utilities/internal/config"
)

// NewLogger returns the process logger.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// NewWatermillLogger adapts slog for watermill.
func NewWatermillLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log)
}

// OpenDB opens the MySQL pool and checks it is reachable.
func OpenDB(ctx context.Context, cfg *config.Config) (*sqlx.DB, func(), error) {
	db, err := sqlx.Open("mysql", cfg.MySQLDSN)
	if err != nil {
		return nil, nil, fmt.Errorf("open mysql: %w", err)
	}
	db.SetMaxOpenConns(cfg.MySQLMaxOpen)
	db.SetMaxIdleConns(cfg.MySQLMaxIdle)
	db.SetConnMaxLifetime(cfg.MySQLConnMaxAge)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, nil, fmt.Errorf("ping mysql: %w", err)
	}
	return db, func() { _ = db.Close() }, nil
}

// NewKafkaPublisher returns a synchronous Kafka publisher that partitions by
// the partition_key metadata.
func NewKafkaPublisher(cfg *config.Config, logger watermill.LoggerAdapter) (message.Publisher, func(), error) {
	sc := kafka.DefaultSaramaSyncPublisherConfig()
	sc.Producer.RequiredAcks = sarama.WaitForAll
	sc.Producer.Idempotent = true
	sc.Net.MaxOpenRequests = 1
	pub, err := kafka.NewPublisher(kafka.PublisherConfig{
		Brokers: cfg.KafkaBrokers,
		Marshaler: kafka.NewWithPartitioningMarshaler(func(topic string, msg *message.Message) (string, error) {
			return msg.Metadata.Get("partition_key"), nil
		}),
		OverwriteSaramaConfig: sc,
	}, logger)
	if err != nil {
		return nil, nil, err
	}
	return pub, func() { _ = pub.Close() }, nil
}

// NewKafkaSubscriber returns a consumer-group subscriber. Offsets are
// committed after a message is acked, so a crash redelivers from the last
// committed offset.
func NewKafkaSubscriber(cfg *config.Config, logger watermill.LoggerAdapter) (message.Subscriber, func(), error) {
	sc := kafka.DefaultSaramaSubscriberConfig()
	sc.Consumer.Offsets.Initial = sarama.OffsetOldest
	sub, err := kafka.NewSubscriber(kafka.SubscriberConfig{
		Brokers:               cfg.KafkaBrokers,
		Unmarshaler:           kafka.DefaultMarshaler{},
		OverwriteSaramaConfig: sc,
		ConsumerGroup:         cfg.KafkaConsumerGroup,
	}, logger)
	if err != nil {
		return nil, nil, err
	}
	return sub, func() { _ = sub.Close() }, nil
}

// NewTemporalClient dials the Temporal frontend.
func NewTemporalClient(cfg *config.Config, log *slog.Logger) (client.Client, func(), error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    log,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("dial temporal: %w", err)
	}
	return c, c.Close, nil
}
