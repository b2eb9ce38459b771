// Command charter-migrate applies the embedded goose migrations.
//
//	charter-migrate [up]
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/saltline-charters/charterhub/internal/db"
	"github.com/saltline-charters/charterhub/internal/pagination"
)

func main() {
	cmd := "up"
	if len(os.Args) > 1 {
		cmd = os.Args[1]
	}
	url := os.Getenv("DATABASE_URL")
	if url == "" {
		fmt.Fprintln(os.Stderr, "DATABASE_URL is required")
		os.Exit(2)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	pool := pagination.Must(pgxpool.New(ctx, url))
	defer pool.Close()

	var err error
	switch cmd {
	case "up":
		err = db.Migrate(ctx, pool)
	default:
		err = fmt.Errorf("unknown command %q", cmd)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
