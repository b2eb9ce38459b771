// Package httpapi holds the handlers: they see only app's interfaces.
package httpapi

import (
	"net/http"

	"github.com/google/uuid"

	"example.com/wired/app"
)

type Handler struct {
	Orders app.Orders
	Direct *app.Direct
	Tokens app.Tokens
	Store  app.Store
}

// Create makes the order's identity fresh on every attempt, and the
// store main wires inserts it as orders.id.
func (h *Handler) Create(w http.ResponseWriter, r *http.Request) {
	o := app.Order{ID: uuid.NewString(), Total: 100} // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Create\)`
	h.Orders.Create(r.Context(), o)
}

// CreateKeyed takes the identity from the caller's key: a retry carries
// the same one.
func (h *Handler) CreateKeyed(w http.ResponseWriter, r *http.Request) {
	o := app.Order{ID: r.Header.Get("Idempotency-Key"), Total: 100}
	h.Orders.Create(r.Context(), o)
}

// Note passes a fresh value that the store keeps as a note's text, not
// as an identity.
func (h *Handler) Note(w http.ResponseWriter, r *http.Request) {
	h.Orders.Note(r.Context(), uuid.NewString())
}

// Ignored carries a directive with a reason.
func (h *Handler) Ignored(w http.ResponseWriter, r *http.Request) {
	//idemlint:ignore IDEM001 orders has a unique index on the cart, checked by the store
	o := app.Order{ID: uuid.NewString()}
	h.Orders.Create(r.Context(), o)
}

// Pay charges through the gateway main wires, which sends no key.
func (h *Handler) Pay(w http.ResponseWriter, r *http.Request) {
	h.Orders.Pay(r.Context(), r.FormValue("order"))
}

// Refund goes through the same gateway, whose refund carries a key.
func (h *Handler) Refund(w http.ResponseWriter, r *http.Request) {
	h.Orders.Refund(r.Context(), r.FormValue("order"))
}

// Tag hands the service the caller's id, which it stores in a row it
// builds.
func (h *Handler) Tag(w http.ResponseWriter, r *http.Request) {
	h.Orders.Tag(r.Context(), r.FormValue("id"))
}

// Register leaves the identity to the service.
func (h *Handler) Register(w http.ResponseWriter, r *http.Request) {
	h.Orders.Register(r.Context(), 100)
}

// PlaceDirect calls the use case's concrete method, whose store main
// wires.
func (h *Handler) PlaceDirect(w http.ResponseWriter, r *http.Request) {
	h.Direct.Place(r.Context(), 100)
}

// Login stores a session under a token the token maker made: its value
// is the maker's, not one the caller knows, and no retry repeats it.
func (h *Handler) Login(w http.ResponseWriter, r *http.Request) {
	tok, err := h.Tokens.New(r.Context())
	if err != nil {
		return
	}
	h.Store.InsertSession(r.Context(), tok.ID)
}

// Label calls the use case that makes the label's id itself.
func (h *Handler) Label(w http.ResponseWriter, r *http.Request) {
	h.Direct.Label(r.Context())
}
