// Command server wires the handler to the service.
package main

import (
	"database/sql"
	"net/http"

	"example.com/wiredbind/api"
	"example.com/wiredbind/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Holds: &svc.Holds{DB: db}}
	mux := http.NewServeMux()
	h.Routes(mux)
	http.ListenAndServe(":8080", mux)
}
