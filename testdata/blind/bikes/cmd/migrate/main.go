// Command migrate applies the goose migrations embedded from sql/schema.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	bikesql "github.com/cyclegrid/bikeshare/sql"

	"github.com/cyclegrid/bikeshare/internal/config"
)

func main() {
	cmd := flag.String("cmd", "up", "goose command: up, down, status, version")
	flag.Parse()

	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	sqlDB := stdlib.OpenDBFromPool(pool)
	defer sqlDB.Close()

	goose.SetBaseFS(bikesql.Migrations)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatal(err)
	}
	if err := goose.RunContext(ctx, *cmd, sqlDB, "schema", flag.Args()...); err != nil {
		log.Fatalf("goose %s: %v", *cmd, err)
	}
}
