// Command permits-migrate applies the goose migrations and River's schema.
package main

import (
	"context"
	"database/sql"
	"flag"
	"log"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/civicworks/permits/db"
)

func main() {
	direction := flag.String("direction", "up", "up or down-one")
	flag.Parse()
	ctx := context.Background()
	dsn := os.Getenv("DATABASE_URL")

	sqlDB, err := sql.Open("pgx", dsn)
	if err != nil {
		log.Fatalf("open: %v", err)
	}
	defer sqlDB.Close()

	goose.SetBaseFS(db.Migrations)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatalf("goose dialect: %v", err)
	}
	switch *direction {
	case "up":
		err = goose.UpContext(ctx, sqlDB, "migrations")
	case "down-one":
		err = goose.DownContext(ctx, sqlDB, "migrations")
	default:
		log.Fatalf("unknown direction %q", *direction)
	}
	if err != nil {
		log.Fatalf("goose %s: %v", *direction, err)
	}

	if *direction != "up" {
		return
	}
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		log.Fatalf("pool: %v", err)
	}
	defer pool.Close()
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		log.Fatalf("river migrator: %v", err)
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		log.Fatalf("river migrate: %v", err)
	}
	for _, v := range res.Versions {
		log.Printf("river migration %d applied", v.Version)
	}
}
