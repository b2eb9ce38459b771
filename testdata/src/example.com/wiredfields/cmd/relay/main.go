// Command relay records disputes under the IDs it stamps on arrival.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredfields/hooks"
	"example.com/wiredfields/sign"
	"example.com/wiredfields/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	s := &hooks.Server{Verifier: sign.Stamped{}, Disputes: &store.DisputeEvents{DB: db}}
	http.HandleFunc("POST /hooks/disputes", s.Dispute)
	http.ListenAndServe(":8081", nil)
}
