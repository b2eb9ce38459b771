// Command consumers runs the gate topic's consumer, and once a night
// the statement run.
package main

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"example.com/wiredawait/billing"
	"example.com/wiredawait/consumer"
	"example.com/wiredawait/gate"
	"example.com/wiredawait/reports"
	"example.com/wiredawait/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	ctx := context.Background()
	bus := reports.NewBus()
	billing.Subscribe(bus, &store.Statements{DB: db})
	bus.Publish(ctx, "statements", "2026-11")
	c := &consumer.Consumer{Reader: kafka.NewReader(kafka.ReaderConfig{GroupID: "gate", Topic: "gate"}), D: gate.NewDispatcher(&store.Yard{DB: db})}
	c.Run(ctx)
}
