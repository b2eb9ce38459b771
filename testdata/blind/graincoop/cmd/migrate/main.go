// Command migrate applies the goose migrations in db/migrations.
//
//	migrate [up|down|status|version]
package main

import (
	"database/sql"
	"flag"
	"log"
	"os"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/prairiegold/graincoop/db"
)

func main() {
	flag.Parse()
	cmd := "up"
	if flag.NArg() > 0 {
		cmd = flag.Arg(0)
	}
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
	if err := goose.Run(cmd, conn, "migrations", flag.Args()[min(1, flag.NArg()):]...); err != nil {
		log.Fatalf("goose %s: %v", cmd, err)
	}
}
