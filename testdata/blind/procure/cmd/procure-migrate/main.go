// Command procure-migrate applies the embedded schema and River's own
// migrations.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/migrations"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "procure-migrate:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	conn, closeDB, err := db.Open(cfg)
	if err != nil {
		return err
	}
	defer closeDB()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	if err := migrations.Apply(ctx, conn.DB); err != nil {
		return err
	}
	migrator, err := rivermigrate.New(riverdatabasesql.New(conn.DB), nil)
	if err != nil {
		return err
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("river migrations: %w", err)
	}
	for _, v := range res.Versions {
		fmt.Printf("river migration %d applied\n", v.Version)
	}
	fmt.Println("schema up to date")
	return nil
}
