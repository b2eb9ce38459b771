// Command migrate applies the goose migrations embedded in package db.
package main

import (
	"database/sql"
	"flag"
	"log"
	"os"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/merchline/preorders/db"
)

func main() {
	dir := flag.String("command", "up", "goose command: up, down, status, version")
	flag.Parse()

	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		log.Fatal("DATABASE_URL is required")
	}
	conn, err := sql.Open("pgx", dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()

	goose.SetBaseFS(db.Migrations)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatal(err)
	}
	if err := goose.Run(*dir, conn, "migrations", flag.Args()...); err != nil {
		log.Fatalf("goose %s: %v", *dir, err)
	}
}
