// Package outbox implements the transactional outbox: services add messages
// in the same transaction as their state change and a relay publishes them
// to Kafka afterwards.
package outbox

import (
	"context"
	"encoding/json"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/idgen"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
)

// Writer appends messages to the outbox. Add joins the transaction carried
// by ctx, if any.
type Writer interface {
	Add(ctx context.Context, topic, key string, payload any) error
}

type gormWriter struct {
	repo *database.Repo[domain.OutboxMessage]
}

// NewWriter builds a Writer.
func NewWriter(db *gorm.DB) Writer {
	return &gormWriter{repo: database.NewRepo[domain.OutboxMessage](db)}
}

func (w *gormWriter) Add(ctx context.Context, topic, key string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return w.repo.Create(ctx, &domain.OutboxMessage{
		ID:        idgen.NewOutboxID(),
		Topic:     topic,
		Key:       key,
		Payload:   b,
		CreatedAt: time.Now().UTC(),
	})
}

// Relay polls unpublished rows and publishes them in insertion order.
type Relay struct {
	db       *gorm.DB
	producer kafkabus.Producer
	every    time.Duration
	log      *zap.Logger
}

// NewRelay builds the relay and binds its loop to the lifecycle.
func NewRelay(cfg config.Config, db *gorm.DB, p kafkabus.Producer, log *zap.Logger, lc fx.Lifecycle) *Relay {
	r := &Relay{db: db, producer: p, every: cfg.OutboxPollEvery, log: log}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() { defer close(done); r.loop(ctx) }()
			return nil
		},
		OnStop: func(context.Context) error { cancel(); <-done; return nil },
	})
	return r
}

func (r *Relay) loop(ctx context.Context) {
	t := time.NewTicker(r.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := r.flush(ctx); err != nil {
				r.log.Warn("outbox flush failed", zap.Error(err))
			}
		}
	}
}

func (r *Relay) flush(ctx context.Context) error {
	var batch []domain.OutboxMessage
	if err := r.db.WithContext(ctx).
		Where("published_at IS NULL").
		Order("created_at").
		Limit(200).
		Find(&batch).Error; err != nil {
		return err
	}
	for _, m := range batch {
		headers := map[string]string{"outbox-id": m.ID}
		if err := r.producer.Publish(ctx, m.Topic, m.Key, m.Payload, headers); err != nil {
			return err
		}
		if err := r.db.WithContext(ctx).Model(&domain.OutboxMessage{}).
			Where("id = ?", m.ID).
			Update("published_at", time.Now().UTC()).Error; err != nil {
			return err
		}
	}
	return nil
}

// Module wires the outbox.
var Module = fx.Module("outbox",
	fx.Provide(NewWriter, NewRelay),
	fx.Invoke(func(*Relay) {}),
)
