// Command migrate applies the platform's schema migrations and river's own
// migrations, then exits.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/storage"
)

func main() {
	if err := run(); err != nil {
		log.Printf("migrate: %v", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	pool, err := storage.NewPool(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("river migrations: %w", err)
	}
	for _, v := range res.Versions {
		log.Printf("river migration %d applied", v.Version)
	}

	applied, err := storage.Migrate(ctx, pool)
	if err != nil {
		return err
	}
	for _, v := range applied {
		log.Printf("migration %s applied", v)
	}
	log.Printf("schema up to date")
	return nil
}
