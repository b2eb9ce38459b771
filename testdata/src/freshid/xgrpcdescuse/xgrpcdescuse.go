// Package xgrpcdescuse serves orders over gRPC with a service
// descriptor written by hand.
package xgrpcdescuse

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"google.golang.org/grpc"

	"freshid/xgrpcdesc"
)

// PlaceRequest places an order under the client's key.
type PlaceRequest struct {
	Key   string
	Total int
}

// PlaceResponse answers it.
type PlaceResponse struct{ ID string }

// OrdersServer is the service.
type OrdersServer interface {
	Place(ctx context.Context, req *PlaceRequest) (*PlaceResponse, error)
	PlaceKeyed(ctx context.Context, req *PlaceRequest) (*PlaceResponse, error)
}

// Handler serves the service.
type Handler struct{ db *sql.DB }

// Place makes the order's ID on each attempt.
func (h *Handler) Place(ctx context.Context, req *PlaceRequest) (*PlaceResponse, error) {
	id := uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(gRPC method Handler.Place\)`
	_, err := h.db.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, req.Total)
	return &PlaceResponse{ID: id}, err
}

// Negative: the order's ID is the client's key, absorbed.
func (h *Handler) PlaceKeyed(ctx context.Context, req *PlaceRequest) (*PlaceResponse, error) {
	_, err := h.db.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2) ON CONFLICT DO NOTHING", req.Key, req.Total)
	return &PlaceResponse{ID: req.Key}, err
}

// Negative: no request calls it.
func (h *Handler) Audit(ctx context.Context) error {
	_, err := h.db.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", uuid.NewString(), 0)
	return err
}

// Desc describes the service for a server the program registers it
// with.
func Desc(h *Handler) *grpc.ServiceDesc {
	return &grpc.ServiceDesc{
		ServiceName: "orders.v1.Orders",
		Methods: []grpc.MethodDesc{
			xgrpcdesc.Unary("orders.v1.Orders", "Place", h.Place),
			xgrpcdesc.Unary("orders.v1.Orders", "PlaceKeyed", h.PlaceKeyed),
			xgrpcdesc.Describe("orders.v1.Orders", "Audit"),
		},
	}
}
