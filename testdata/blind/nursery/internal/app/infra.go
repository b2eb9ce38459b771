// Package app holds the providers shared by the binaries and the wire
// provider sets built from them.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acornlane-childcare/nursery/internal/config"
	"github.com/acornlane-childcare/nursery/internal/consumer"
	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/httpapi"
	"github.com/acornlane-childcare/nursery/internal/platform/store"
	"github.com/acornlane-childcare/nursery/internal/provider/council"
	"github.com/acornlane-childcare/nursery/internal/provider/directdebit"
	"github.com/acornlane-childcare/nursery/internal/provider/email"
	"github.com/acornlane-childcare/nursery/internal/provider/sms"
	"github.com/acornlane-childcare/nursery/internal/service/collections"
	"github.com/acornlane-childcare/nursery/internal/service/family"
	"github.com/acornlane-childcare/nursery/internal/service/ratio"
)

func ProvideLogger(cfg config.Config) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

func ProvideWatermillLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log.With("component", "watermill"))
}

func ProvidePool(ctx context.Context, cfg config.Config) (*pgxpool.Pool, func(), error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parse database url: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, nil, fmt.Errorf("connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("ping: %w", err)
	}
	return pool, pool.Close, nil
}

func ProvideQueries(pool *pgxpool.Pool) *db.Queries {
	return db.New(pool)
}

func ProvideFamilyRepo(pool *pgxpool.Pool) *family.FamilyRepo {
	return store.NewRepository[db.Family](pool, "families", "id")
}

func ProvideChildRepo(pool *pgxpool.Pool) *family.ChildRepo {
	return store.NewRepository[db.Child](pool, "children", "id")
}

func ProvideReadingRepo(pool *pgxpool.Pool) *ratio.ReadingRepo {
	return store.NewRepository[db.RatioReading](pool, "ratio_readings", "device_id")
}

// ProvideDirectDebit builds the partner client and hooks every HTTP attempt
// into the collection_attempts log that finance reconciles against.
func ProvideDirectDebit(cfg config.Config, q *db.Queries, log *slog.Logger) *directdebit.Client {
	c := directdebit.NewClient(cfg.DirectDebit)
	c.OnAttempt = func(ctx context.Context, a directdebit.Attempt) {
		errText := ""
		if a.Err != nil {
			errText = a.Err.Error()
		}
		if err := q.CreateCollectionAttempt(context.WithoutCancel(ctx), db.CreateCollectionAttemptParams{
			ID:          uuid.New(),
			Reference:   a.Reference,
			Operation:   a.Operation,
			HttpStatus:  int32(a.StatusCode),
			Error:       errText,
			AttemptedAt: a.At,
		}); err != nil {
			log.WarnContext(ctx, "could not log partner attempt", "err", err)
		}
	}
	return c
}

func ProvideSMS(cfg config.Config) *sms.Client { return sms.NewClient(cfg.SMS) }

func ProvideEmail(cfg config.Config) *email.Client { return email.NewClient(cfg.Email) }

func ProvideCouncil(cfg config.Config) *council.Client { return council.NewClient(cfg.Council) }

func ProvideCollectionsConfig(cfg config.Config) collections.Config {
	return collections.Config{
		MaxAttempts: int32(cfg.CollectionMaxAttempts),
		RetryAfter:  cfg.CollectionRetryAfter,
	}
}

func ProvideWebhookSecret(cfg config.Config) httpapi.WebhookSecret {
	return httpapi.WebhookSecret(cfg.DirectDebit.WebhookSecret)
}

// ProvideRoutes returns the worker's routing table.
func ProvideRoutes(h *consumer.Handlers) []consumer.Route {
	return h.Routes()
}
