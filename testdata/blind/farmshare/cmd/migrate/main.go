// Command migrate applies the goose migrations in db/migrations.
package main

import (
	"context"
	"flag"
	"log"
	"os"

	_ "github.com/lib/pq"
	"github.com/pressly/goose/v3"

	"github.com/harvestloop/farmshare/db/migrations"
	"github.com/harvestloop/farmshare/internal/platform/database"
)

func main() {
	cmd := flag.String("cmd", "up", "goose command: up, down or status")
	flag.Parse()

	url := os.Getenv("DATABASE_URL")
	if url == "" {
		log.Fatal("DATABASE_URL is required")
	}
	ctx := context.Background()
	db, err := database.Open(ctx, url)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	goose.SetBaseFS(migrations.FS)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Fatal(err)
	}
	switch *cmd {
	case "up":
		err = goose.UpContext(ctx, db.DB, ".")
	case "down":
		err = goose.DownContext(ctx, db.DB, ".")
	case "status":
		err = goose.StatusContext(ctx, db.DB, ".")
	default:
		log.Fatalf("unknown command %q", *cmd)
	}
	if err != nil {
		log.Fatal(err)
	}
}
