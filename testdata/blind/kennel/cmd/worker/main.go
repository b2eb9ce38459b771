// Command worker runs the River job workers and periodic jobs.
package main

import (
	"context"
	"database/sql"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/app"
	"github.com/pawsandstay/kennel/internal/platform/database"
	"github.com/pawsandstay/kennel/internal/platform/queue"
)

func main() {
	migrateOnly := flag.Bool("migrate", false, "apply schema and River migrations, then exit")
	flag.Parse()

	c, err := app.Core()
	if err != nil {
		log.Fatal(err)
	}

	if *migrateOnly {
		err = c.Invoke(func(sqldb *sql.DB, db *bun.DB, logger *slog.Logger) error {
			ctx := context.Background()
			if err := database.Migrate(ctx, db, logger); err != nil {
				return err
			}
			m, err := rivermigrate.New(riverdatabasesql.New(sqldb), nil)
			if err != nil {
				return err
			}
			_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
			return err
		})
		if err != nil {
			log.Fatal(err)
		}
		return
	}

	if err := app.Worker(c); err != nil {
		log.Fatal(err)
	}
	err = c.Invoke(func(client *queue.Client, logger *slog.Logger) error {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
		defer stop()
		if err := client.Start(ctx); err != nil {
			return err
		}
		logger.Info("worker started")
		<-ctx.Done()

		shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		return client.Stop(shutdown)
	})
	if err != nil {
		log.Print(err)
		os.Exit(1)
	}
}
