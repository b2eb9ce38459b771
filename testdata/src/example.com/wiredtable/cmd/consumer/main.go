// Command consumer books payment events.
package main

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"example.com/wiredtable/consumer"
	"example.com/wiredtable/ledger"
	"example.com/wiredtable/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	svc := &ledger.Service{Entries: &store.Entries{DB: db}}
	c := consumer.New(kafka.NewReader(kafka.ReaderConfig{GroupID: "ledger"}), consumer.Handlers(svc))
	c.Run(context.Background())
	payouts := consumer.New(kafka.NewReader(kafka.ReaderConfig{GroupID: "payouts"}), consumer.PayoutHandlers(&ledger.Payouts{Entries: &store.Entries{DB: db}}))
	payouts.Run(context.Background())
}
