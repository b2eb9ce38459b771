// Command server wires the service's interface literals to the store.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredinline/api"
	"example.com/wiredinline/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	s := api.NewService(&store.Orders{DB: db}, &store.Events{DB: db})
	http.HandleFunc("POST /orders", s.PostOrder)
	http.HandleFunc("POST /orders/keyed", s.PostOrderKeyed)
	http.HandleFunc("POST /events", s.PostEvent)
	http.ListenAndServe(":8080", nil)
}
