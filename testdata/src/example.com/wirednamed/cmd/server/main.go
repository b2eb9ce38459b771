// Command server wires the partner acknowledgements to MySQL: the
// driver is main's import, not the store's.
package main

import (
	"net/http"

	_ "github.com/go-sql-driver/mysql"
	"github.com/jmoiron/sqlx"

	"example.com/wirednamed/api"
	"example.com/wirednamed/store"
)

func main() {
	db, _ := sqlx.Open("mysql", "")
	h := &api.Handler{Acks: &store.Acks{DB: db}}
	http.HandleFunc("POST /acknowledgements", h.PostAck)
	http.ListenAndServe(":8080", nil)
}
