// Command server wires the gRPC server to the service and the store.
package main

import (
	"database/sql"
	"net/http"

	"google.golang.org/grpc"

	"example.com/wiredgrpc/app"
	"example.com/wiredgrpc/grpcapi"
	"example.com/wiredgrpc/grpcself"
	"example.com/wiredgrpc/httpapi"
	"example.com/wiredgrpc/postgres"
)

func main() {
	db, _ := sql.Open("postgres", "")
	grpcapi.RegisterOrdersServer(&grpc.Server{}, &grpcapi.Server{Orders: app.New(&postgres.Store{DB: db})})
	grpcself.Serve(&grpc.Server{}, app.New(&postgres.Store{DB: db}))
	h := &httpapi.Handler{Orders: app.New(&postgres.Store{DB: db})}
	http.HandleFunc("POST /orders", h.Reserve)
}
