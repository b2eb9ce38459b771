// Command disputes books disputes from the topics a list of routes names.
package main

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"example.com/wiredtable/disputeroutes"
	"example.com/wiredtable/ledger"
	"example.com/wiredtable/loop"
	"example.com/wiredtable/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	r := loop.NewRouted(kafka.NewReader(kafka.ReaderConfig{GroupID: "disputes"}), disputeroutes.List(&ledger.Disputes{Entries: &store.Entries{DB: db}}))
	r.Run(context.Background())
}
