// Command migrate applies the goose migrations embedded from db/migrations.
package main

import (
	"database/sql"
	"flag"
	"log"
	"os"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	migrations "github.com/lumen-gift/giftcards/db"
)

func main() {
	dir := flag.String("cmd", "up", "goose command: up, down, status, redo")
	flag.Parse()

	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		log.Fatal("DATABASE_URL is required")
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	goose.SetBaseFS(migrations.FS)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatal(err)
	}
	if err := goose.Run(*dir, db, "migrations", flag.Args()...); err != nil {
		log.Fatalf("goose %s: %v", *dir, err)
	}
}
