// Command server wires the partner acknowledgements to MySQL: the
// driver is main's import, not the store's.
package main

import (
	"net/http"

	_ "github.com/go-sql-driver/mysql"
	"github.com/jmoiron/sqlx"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/mysqldialect"

	"example.com/wirednamed/api"
	"example.com/wirednamed/store"
)

func main() {
	db, _ := sqlx.Open("mysql", "")
	h := &api.Handler{Acks: &store.Acks{DB: db}}
	h.Receipts = &store.Receipts{DB: bun.NewDB(db.DB, mysqldialect.New())}
	http.HandleFunc("POST /acknowledgements", h.PostAck)
	http.HandleFunc("POST /receipts", h.PostReceipt)
	http.ListenAndServe(":8080", nil)
}
