// Command registry-migrate applies the embedded goose migrations:
//
//	registry-migrate            # up
//	registry-migrate status
//	registry-migrate down-to 2
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/migrations"
	"github.com/kelpline-systems/quotareg/internal/storage"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "registry-migrate:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, cleanup, err := storage.Open(cfg.Database)
	if err != nil {
		return err
	}
	defer cleanup()
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	ctx := context.Background()
	if len(args) == 0 {
		return migrations.Up(ctx, sqlDB)
	}
	return migrations.Run(ctx, sqlDB, args[0], args[1:]...)
}
