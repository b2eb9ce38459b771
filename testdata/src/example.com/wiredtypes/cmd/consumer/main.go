// Command consumer runs the payment events' consumers.
package main

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"example.com/wiredtypes/events"
	"example.com/wiredtypes/runner"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &events.Handlers{DB: db}
	ctx := context.Background()
	go runner.NewRunner(kafka.NewReader(kafka.ReaderConfig{Topic: "payments"}), runner.Dispatch(h.Table())).Run(ctx)
	runner.NewRunner(kafka.NewReader(kafka.ReaderConfig{Topic: "audit"}), runner.Each(h.Audits())).Run(ctx)
}
