// Package app wires the service together with uber fx.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	"go.uber.org/fx"

	"github.com/tidewater/loyalty/internal/config"
	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/platform/temporalx"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	pcfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := pool.Ping(ctx); err != nil {
				return err
			}
			return db.Migrate(ctx, pool)
		},
		OnStop: func(context.Context) error { pool.Close(); return nil },
	})
	return pool, nil
}

func newQuerier(pool *pgxpool.Pool) db.Querier { return db.New(pool) }

func newAWSConfig(cfg config.Config) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
}

func newSQS(c aws.Config) *sqs.Client   { return sqs.NewFromConfig(c) }
func newSES(c aws.Config) *sesv2.Client { return sesv2.NewFromConfig(c) }

func newNATS(lc fx.Lifecycle, cfg config.Config) (jetstream.JetStream, error) {
	nc, err := nats.Connect(cfg.NATSURL, nats.Name("loyalty"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("nats connect: %w", err)
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return nc.Drain() }})
	return jetstream.New(nc)
}

func newTemporal(lc fx.Lifecycle, cfg config.Config) (client.Client, error) {
	c, err := client.Dial(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNamespace})
	if err != nil {
		return nil, fmt.Errorf("temporal dial: %w", err)
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { c.Close(); return nil }})
	return c, nil
}

// InfraModule provides configuration, logging, the database and the
// messaging clients.
var InfraModule = fx.Module("infra",
	fx.Provide(
		config.Load,
		newLogger,
		newPool,
		newQuerier,
		fx.Annotate(func(p *pgxpool.Pool) *pgxpool.Pool { return p }, fx.As(new(txn.Beginner))),
		fx.Annotate(txn.NewPoolUnitOfWork, fx.As(new(txn.UnitOfWork))),
		newAWSConfig,
		newSQS,
		newSES,
		newNATS,
		fx.Annotate(func(cfg config.Config) string { return cfg.PurchaseStream }, fx.ResultTags(`name:"purchase_stream"`)),
		newTemporal,
		fx.Annotate(func(c client.Client) client.Client { return c }, fx.As(new(temporalx.Starter))),
	),
)
