// Command recorderworker applies county recorder confirmations and
// rejections from the Redis stream.
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/cobaltmesa/titleworks/internal/config"
	"github.com/cobaltmesa/titleworks/internal/platform/mysqlx"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/notify"
	"github.com/cobaltmesa/titleworks/internal/service/recording"
	"github.com/cobaltmesa/titleworks/internal/store"
	"github.com/cobaltmesa/titleworks/internal/worker/recorderstream"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	cfg := config.Load()

	db, err := mysqlx.Open(mysqlx.Options{DSN: cfg.MySQLDSN, MaxOpen: 10, MaxIdle: 4, ConnMaxLifetime: 30 * time.Minute})
	if err != nil {
		slog.Error("mysql", "err", err)
		os.Exit(1)
	}
	defer db.Close()
	tx := txm.New(db)

	rdb := redis.NewClient(&redis.Options{Addr: cfg.RedisAddr})
	defer rdb.Close()

	svc := recording.NewService(tx,
		store.NewRecordingRepo(tx),
		store.NewClosingRepo(tx),
		store.NewOrderRepo(tx),
		notify.New(cfg.NotifyBaseURL, cfg.NotifyToken),
		store.NewOutboxRepo(tx),
	)

	host, _ := os.Hostname()
	consumer := recorderstream.New(rdb, svc, recorderstream.Options{
		Stream:   cfg.RecorderStream,
		Group:    "titleworks-recording",
		Consumer: host,
		MinIdle:  2 * time.Minute,
	})

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	slog.Info("recorderworker consuming", "stream", cfg.RecorderStream, "consumer", host)
	if err := consumer.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		slog.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
