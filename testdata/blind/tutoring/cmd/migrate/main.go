// Command migrate applies the embedded goose migrations.
package main

import (
	"database/sql"
	"flag"
	"log"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/learnloop/tutoring/internal/config"
	"github.com/learnloop/tutoring/internal/store/migrations"
)

func main() {
	cmd := flag.String("cmd", "up", "goose command: up, down, status")
	flag.Parse()

	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	db, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	goose.SetBaseFS(migrations.FS)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatal(err)
	}
	if err := goose.Run(*cmd, db, "."); err != nil {
		log.Fatal(err)
	}
}
