// Package platform builds the long-lived clients every binary needs.
package platform

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/cyclegrid/bikeshare/internal/config"
)

func NewLogger(cfg config.Config) *slog.Logger {
	level := slog.LevelInfo
	if cfg.Env == "development" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

func NewPool(ctx context.Context, cfg config.Config) (*pgxpool.Pool, func(), error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parse database url: %w", err)
	}
	pcfg.MaxConns = 20
	pcfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, nil, fmt.Errorf("connect postgres: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("ping postgres: %w", err)
	}
	return pool, pool.Close, nil
}

func NewRedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword}
}

func NewAsynqClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

func NewNATS(cfg config.Config, log *slog.Logger) (*nats.Conn, func(), error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("bikeshare"),
		nats.MaxReconnects(-1),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn("nats disconnected", "err", err)
			}
		}),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("connect nats: %w", err)
	}
	return nc, func() { _ = nc.Drain() }, nil
}

func NewJetStream(nc *nats.Conn) (jetstream.JetStream, error) {
	return jetstream.New(nc)
}

func NewHTTPClient() *http.Client {
	return &http.Client{
		Timeout: 15 * time.Second,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
		},
	}
}
