// Command consumer releases escrow.
package main

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"example.com/wiredinbox/consumer"
	"example.com/wiredinbox/store"
)

func main() {
	var db *pgxpool.Pool
	r := &consumer.Releaser{DB: db, Inbox: store.Inbox{}, Ledger: store.Ledger{}, HTTP: http.DefaultClient, R: kafka.NewReader(kafka.ReaderConfig{GroupID: "escrow"})}
	r.Run(context.Background())
}
