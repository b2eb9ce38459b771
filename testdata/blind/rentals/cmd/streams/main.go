// Command streams consumes marketplace events from the Redis stream.
package main

import (
	"log"

	"github.com/gearloop/rentals/internal/app"
	"github.com/gearloop/rentals/internal/consumers"
	"github.com/gearloop/rentals/internal/events"
)

func main() {
	container, err := app.NewContainer("streams")
	if err != nil {
		log.Fatal(err)
	}
	for _, ctor := range []any{consumers.NewRoutes, events.NewConsumer} {
		if err := container.Provide(ctor); err != nil {
			log.Fatal(err)
		}
	}

	ctx, stop := app.SignalContext()
	defer stop()

	if err := container.Invoke(func(c *events.Consumer) error {
		return c.Run(ctx)
	}); err != nil {
		log.Fatal(err)
	}
}
