// Command api serves the public HTTP API and the partner webhooks.
package main

import (
	"log"

	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/app"
	"github.com/gearloop/rentals/internal/httpapi"
)

func main() {
	container, err := app.NewContainer("api")
	if err != nil {
		log.Fatal(err)
	}
	for _, ctor := range []any{
		httpapi.NewListingHandlers,
		httpapi.NewBookingHandlers,
		httpapi.NewDepositHandlers,
		httpapi.NewClaimHandlers,
		httpapi.NewMessageHandlers,
		httpapi.NewIdentityHandlers,
		httpapi.NewDeliveryHandlers,
		httpapi.NewPayoutHandlers,
		httpapi.NewWebhookHandlers,
		httpapi.NewServer,
	} {
		if err := container.Provide(ctor); err != nil {
			log.Fatalf("provide: %v", err)
		}
	}

	ctx, stop := app.SignalContext()
	defer stop()

	err = container.Invoke(func(srv *httpapi.Server, db *sqlx.DB) error {
		defer db.Close()
		return srv.Start(ctx)
	})
	if err != nil {
		log.Fatal(err)
	}
}
