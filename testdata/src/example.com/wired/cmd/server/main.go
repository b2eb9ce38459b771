// Command server is the composition root: it wires the handlers to the
// service and the service to the postgres store.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"google.golang.org/grpc"

	"example.com/wired/app"
	"example.com/wired/consumer"
	"example.com/wired/grpcapi"
	"example.com/wired/httpapi"
	"example.com/wired/mocks"
	"example.com/wired/postgres"
	"example.com/wired/stripepay"
	"example.com/wired/tokens"
)

var _ = mocks.Store{}

func main() {
	db, _ := sql.Open("postgres", "")
	h := &httpapi.Handler{Orders: app.NewService(&postgres.Store{DB: db}, stripepay.Gateway{}), Direct: &app.Direct{Store: &postgres.Store{DB: db}}, Tokens: tokens.Maker{}, Store: &postgres.Store{DB: db}}
	c := &consumer.Consumer{Store: &postgres.Store{DB: db}}
	go c.Run(context.Background(), nil)
	grpcapi.RegisterLabelsServer(&grpc.Server{}, &grpcapi.Server{Store: &postgres.Store{DB: db}})
	http.HandleFunc("/orders", h.Create)
	http.ListenAndServe(":8080", nil)
}
