// Command migrate applies the goose migrations embedded in the build.
package main

import (
	"flag"
	"log"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
	"github.com/pressly/goose/v3"

	"github.com/larchway/hoaops/internal/config"
	"github.com/larchway/hoaops/migrations"
)

func main() {
	cmd := flag.String("cmd", "up", "goose command: up, down, status, version")
	flag.Parse()

	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	db, err := sqlx.Open("postgres", cfg.DatabaseURL)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	goose.SetBaseFS(migrations.FS)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatal(err)
	}
	if err := goose.Run(*cmd, db.DB, "."); err != nil {
		log.Fatalf("goose %s: %v", *cmd, err)
	}
}
