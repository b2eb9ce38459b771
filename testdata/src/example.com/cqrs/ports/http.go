// Package ports serves HTTP and calls the application's commands.
package ports

import (
	"net/http"

	"github.com/google/uuid"

	"example.com/cqrs/app"
)

type Server struct{ Commands app.Commands }

// PlaceOrder makes the order's ID fresh on every attempt.
func (s Server) PlaceOrder(w http.ResponseWriter, r *http.Request) {
	cmd := app.PlaceOrder{OrderID: uuid.NewString(), Customer: r.FormValue("customer")} // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Server.PlaceOrder\)`
	s.Commands.PlaceOrder.Handle(r.Context(), cmd)
}

// CancelOrder passes a fresh value in the same field of another
// command, whose handler only selects a row with it.
func (s Server) CancelOrder(w http.ResponseWriter, r *http.Request) {
	s.Commands.CancelOrder.Handle(r.Context(), app.CancelOrder{OrderID: uuid.NewString()})
}
