// Command server wires the transfers API.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredget/app"
	"example.com/wiredget/repo"
)

func main() {
	pool, _ := sql.Open("postgres", "")
	h := &app.Handler{Svc: &app.Service{Store: repo.NewPostgres(pool)}}
	http.HandleFunc("POST /transfers", h.Transfer)
	http.HandleFunc("POST /transfers/tx", h.TransferTx)
	http.ListenAndServe(":8080", nil)
}
