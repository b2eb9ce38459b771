// Command relay publishes committed outbox rows to Kafka.
package main

import (
	"context"
	"os"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/northline/coachbus/internal/app"
	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
)

func main() { os.Exit(app.Main(run)) }

func run(ctx context.Context, c app.Container) error {
	return c.Invoke(func(relay *events.Relay, pub message.Publisher, store *db.Store) error {
		defer store.Pool().Close()
		defer pub.Close()
		return relay.Run(ctx)
	})
}
