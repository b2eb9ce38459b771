// Command migrate applies the goose migrations in db/migrations.
package main

import (
	"database/sql"
	"flag"
	"log"
	"os"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/scriptline/refills/db"
)

func main() {
	dir := flag.String("command", "up", "goose command: up, down, status, redo")
	flag.Parse()

	conn, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatalf("open: %v", err)
	}
	defer conn.Close()

	goose.SetBaseFS(db.Migrations)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatal(err)
	}
	if err := goose.Run(*dir, conn, "migrations"); err != nil {
		log.Fatalf("goose %s: %v", *dir, err)
	}
}
