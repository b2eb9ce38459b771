// Command ancillaries-migrate applies the goose migrations.
package main

import (
	"context"
	"database/sql"
	"flag"
	"log"
	"os"

	_ "github.com/lib/pq"
	"github.com/pressly/goose/v3"

	"github.com/skyway-air/ancillaries/db"
)

func main() {
	dir := flag.String("command", "up", "goose command: up, down, status, version")
	flag.Parse()
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		log.Fatal("DATABASE_URL is required")
	}
	conn, err := sql.Open("postgres", dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	goose.SetBaseFS(db.Migrations)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatal(err)
	}
	if err := goose.RunContext(context.Background(), *dir, conn, "migrations", flag.Args()...); err != nil {
		log.Fatal(err)
	}
}
