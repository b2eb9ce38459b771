// Command server wires the handlers to the service and the service to
// the postgres repository.
package main

import (
	"context"
	"log"
	"net/http"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/cleanarch/internal/app"
	"example.com/cleanarch/internal/app/appmocks"
	httpapi "example.com/cleanarch/internal/http"
	"example.com/cleanarch/internal/postgres"
)

// mockRepo keeps the test double linked: it is still not an
// implementation of the program's path.
var mockRepo app.OrderRepository = &appmocks.Repository{}

func main() {
	pool, err := pgxpool.New(context.Background(), os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	svc := app.NewOrderService(postgres.NewOrderRepository(pool))
	h := &httpapi.Handlers{Orders: svc} // wired: IDEM001 IDEM001 IDEM005
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders", h.PlaceOrder)
	mux.HandleFunc("POST /orders/keyed", h.PlaceOrderKeyed)
	mux.HandleFunc("POST /orders/{id}/notes", h.AddNote)
	mux.HandleFunc("POST /payments", h.Pay)
	log.Fatal(http.ListenAndServe(":8080", mux))
}
