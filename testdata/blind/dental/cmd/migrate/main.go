// Command migrate applies the goose migrations embedded in db/.
//
//	migrate [up|down|status|version]
package main

import (
	"log/slog"
	"os"

	"github.com/pressly/goose/v3"

	"github.com/brightsmile-dental/practiceops/db"
	"github.com/brightsmile-dental/practiceops/internal/config"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
)

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	gdb, err := database.Open(cfg.DatabaseURL, 2)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer sqlDB.Close()

	goose.SetBaseFS(db.Migrations)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Error("goose dialect", "err", err)
		os.Exit(1)
	}
	cmd := "up"
	if len(os.Args) > 1 {
		cmd = os.Args[1]
	}
	if err := goose.Run(cmd, sqlDB, db.MigrationsDir, os.Args[min(2, len(os.Args)):]...); err != nil {
		log.Error("migrate", "cmd", cmd, "err", err)
		os.Exit(1)
	}
}
