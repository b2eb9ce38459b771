// Command runner books adjustments from the topics the routes name.
package main

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"example.com/wiredtable/ledger"
	"example.com/wiredtable/loop"
	"example.com/wiredtable/routes"
	"example.com/wiredtable/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	a := &ledger.Adjustments{Entries: &store.Entries{DB: db}}
	r := loop.NewRunner(kafka.NewReader(kafka.ReaderConfig{GroupID: "adjustments"}), routes.Table(a))
	r.Run(context.Background())
}
