// Package app holds the constructors the binaries use to wire themselves
// together. Each cmd/*/main.go calls these by hand.
package app

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	_ "github.com/jackc/pgx/v5/stdlib"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/segmentio/kafka-go"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/freshpress/laundry/internal/ledger"
	"github.com/freshpress/laundry/internal/store"
)

func NewLogger(service string) *slog.Logger {
	level := slog.LevelInfo
	if os.Getenv("LOG_DEBUG") != "" {
		level = slog.LevelDebug
	}
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})
	return slog.New(h).With("service", service)
}

// SignalContext is cancelled on SIGINT or SIGTERM.
func SignalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// OpenGorm connects the main database and applies the embedded schema.
func OpenGorm(ctx context.Context, cfg Config) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(cfg.DBMaxConns)
	sqlDB.SetMaxIdleConns(cfg.DBMaxConns / 2)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	if err := store.Migrate(ctx, db); err != nil {
		return nil, err
	}
	return db, nil
}

// OpenLedger connects the ledger database through database/sql.
func OpenLedger(ctx context.Context, cfg Config) (*sql.DB, error) {
	db, err := sql.Open("pgx", cfg.LedgerURL)
	if err != nil {
		return nil, fmt.Errorf("open ledger: %w", err)
	}
	db.SetMaxOpenConns(cfg.DBMaxConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		return nil, fmt.Errorf("ping ledger: %w", err)
	}
	if err := ledger.Migrate(ctx, db); err != nil {
		return nil, err
	}
	return db, nil
}

func NewKafkaWriter(cfg Config) *kafka.Writer {
	return &kafka.Writer{
		Addr:                   kafka.TCP(cfg.KafkaBrokers...),
		Balancer:               &kafka.Hash{},
		RequiredAcks:           kafka.RequireAll,
		BatchTimeout:           20 * time.Millisecond,
		AllowAutoTopicCreation: false,
	}
}

func NewDLQWriter(cfg Config, group string) *kafka.Writer {
	w := NewKafkaWriter(cfg)
	w.Topic = "laundry.dlq." + group
	return w
}

func NewKafkaReader(cfg Config, group string, topics ...string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.KafkaBrokers,
		GroupID:        group,
		GroupTopics:    topics,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		StartOffset:    kafka.FirstOffset,
		CommitInterval: 0,
		Dialer: &kafka.Dialer{
			ClientID: cfg.KafkaClient + "-" + group,
			Timeout:  10 * time.Second,
		},
	})
}

func DialAMQP(cfg Config) (*amqp.Connection, error) {
	return amqp.DialConfig(cfg.AMQPURL, amqp.Config{
		Heartbeat: 10 * time.Second,
		Properties: amqp.Table{
			"connection_name": cfg.KafkaClient + "-plant-scans",
		},
	})
}

func RedisOpt(cfg Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword}
}

func NewAsynqClient(cfg Config) *asynq.Client {
	return asynq.NewClient(RedisOpt(cfg))
}
