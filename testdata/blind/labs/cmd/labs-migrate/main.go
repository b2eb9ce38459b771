// Command labs-migrate applies the SQL migrations and creates the
// watermill message tables of every topic.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/ThreeDotsLabs/watermill"

	"github.com/meridianlabs/labs/internal/config"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/migrations"
)

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, nil))
	if err := run(logger); err != nil {
		logger.Error("migrate failed", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	ctx := context.Background()
	cfg := config.FromEnv()
	conn, err := db.Open(ctx, db.Config{DSN: cfg.DatabaseURL})
	if err != nil {
		return err
	}
	defer conn.Close()

	applied, err := db.Migrate(ctx, conn, migrations.FS)
	if err != nil {
		return err
	}
	logger.Info("migrations applied", "versions", applied)

	sub, err := events.NewSubscriber(conn, "labs-migrate", watermill.NewSlogLogger(logger))
	if err != nil {
		return err
	}
	defer sub.Close()
	for _, topic := range events.AllTopics {
		if err := sub.SubscribeInitialize(topic); err != nil {
			return err
		}
	}
	logger.Info("topics initialized", "topics", events.AllTopics)
	return nil
}
