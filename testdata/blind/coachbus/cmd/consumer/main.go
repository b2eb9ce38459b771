// Command consumer runs the watermill router that consumes seat-inventory
// and booking events from Kafka.
package main

import (
	"context"
	"os"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/northline/coachbus/internal/app"
	"github.com/northline/coachbus/internal/db"
)

func main() { os.Exit(app.Main(run)) }

func run(ctx context.Context, c app.Container) error {
	return c.Invoke(func(r *message.Router, store *db.Store) error {
		defer store.Pool().Close()
		return r.Run(ctx)
	})
}
