// Command migrate applies the embedded goose migrations.
package main

import (
	"context"
	"database/sql"
	"flag"
	"os"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/hammerline/auctions/db/migrations"
	"github.com/hammerline/auctions/internal/config"
	"github.com/hammerline/auctions/internal/platform/logx"
)

func main() {
	log := logx.New("migrate")
	cmd := flag.String("cmd", "up", "goose command: up, down, status, version")
	flag.Parse()
	if err := run(context.Background(), *cmd); err != nil {
		log.Error("migrate failed", "err", err)
		os.Exit(1)
	}
	log.Info("migrate done", "cmd", *cmd)
}

func run(ctx context.Context, cmd string) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()

	goose.SetBaseFS(migrations.FS)
	if err := goose.SetDialect("postgres"); err != nil {
		return err
	}
	return goose.RunContext(ctx, cmd, db, migrations.Dir)
}
