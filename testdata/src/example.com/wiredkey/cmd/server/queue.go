package main

import (
	"context"
	"database/sql"

	"example.com/wiredkey/app"
	"example.com/wiredkey/consumer"
	"example.com/wiredkey/pay"
	"example.com/wiredkey/postgres"
)

// deposits wires the deposits to the provider.
func deposits(db *sql.DB) app.Deposits {
	return app.NewDeposits(pay.Gateway{}, &postgres.Store{DB: db})
}

// startQueue consumes the orders queue.
func startQueue(db *sql.DB) {
	c := &consumer.Consumer{Orders: app.NewService(&postgres.Store{DB: db}, db)}
	go c.Run(context.Background())
	go c.RunVia(context.Background())
}
