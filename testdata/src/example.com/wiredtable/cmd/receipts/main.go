// Command receipts books the provider's receipts from the topics main
// routes to the handler's methods.
package main

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"example.com/wiredtable/loop"
	"example.com/wiredtable/receipts"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &receipts.Handler{DB: db}
	r := loop.NewRunner(kafka.NewReader(kafka.ReaderConfig{GroupID: "receipts"}), loop.Table{"receipts": h.Book, "receipts.once": h.BookOnce})
	r.Run(context.Background())
}
