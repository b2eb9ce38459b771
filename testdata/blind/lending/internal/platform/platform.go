// Package platform provides the infrastructure clients (logger, Postgres,
// Kafka) with their fx lifecycles.
package platform

import (
	"context"
	"fmt"
	"time"

	"github.com/IBM/sarama"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/config"
)

func NewLogger(cfg config.Config) (*zap.Logger, error) {
	if cfg.Env == "development" {
		return zap.NewDevelopment()
	}
	return zap.NewProduction()
}

func NewPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	pcfg.MaxConns = 20
	pcfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pool.Ping(ctx) },
		OnStop:  func(context.Context) error { pool.Close(); return nil },
	})
	return pool, nil
}

func saramaConfig(cfg config.Config) *sarama.Config {
	sc := sarama.NewConfig()
	sc.ClientID = cfg.KafkaClientID
	sc.Version = sarama.V3_6_0_0
	sc.Producer.RequiredAcks = sarama.WaitForAll
	sc.Producer.Return.Successes = true
	sc.Producer.Retry.Max = 5
	sc.Producer.Idempotent = true
	sc.Net.MaxOpenRequests = 1
	sc.Consumer.Offsets.Initial = sarama.OffsetOldest
	sc.Consumer.Offsets.AutoCommit.Enable = true
	sc.Consumer.Group.Rebalance.GroupStrategies = []sarama.BalanceStrategy{sarama.NewBalanceStrategySticky()}
	return sc
}

func NewSyncProducer(lc fx.Lifecycle, cfg config.Config) (sarama.SyncProducer, error) {
	p, err := sarama.NewSyncProducer(cfg.KafkaBrokers, saramaConfig(cfg))
	if err != nil {
		return nil, fmt.Errorf("kafka producer: %w", err)
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return p.Close() }})
	return p, nil
}

func NewConsumerGroup(cfg config.Config) (sarama.ConsumerGroup, error) {
	g, err := sarama.NewConsumerGroup(cfg.KafkaBrokers, cfg.KafkaGroupID, saramaConfig(cfg))
	if err != nil {
		return nil, fmt.Errorf("kafka consumer group: %w", err)
	}
	return g, nil
}

func NewLocation(cfg config.Config) (*time.Location, error) {
	return time.LoadLocation(cfg.TimeZone)
}
