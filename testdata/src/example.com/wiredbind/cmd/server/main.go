// Command server wires the handler to the service.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/wiredbind/api"
	"example.com/wiredbind/consumer"
	"example.com/wiredbind/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	h := &api.Handler{Holds: &svc.Holds{DB: db}}
	mux := http.NewServeMux()
	h.Routes(mux)
	c := &consumer.Consumer{Acks: &svc.Messages{DB: db}}
	_ = c.Handler(context.Background())
	http.ListenAndServe(":8080", mux)
}
