package fixes

import (
	"context"

	"connectrpc.com/connect"
	"github.com/google/uuid"
)

type PlaceRequest struct{ Item string }

type PlaceResponse struct{ ID string }

// Orders serves a Connect service.
type Orders struct{}

// Place makes the order's ID on every attempt: the fix derives it from
// the request's Idempotency-Key header.
func (o *Orders) Place(ctx context.Context, req *connect.Request[PlaceRequest]) (*connect.Response[PlaceResponse], error) {
	id := uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(Connect handler Orders.Place\)`
	if _, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id); err != nil {
		return nil, err
	}
	return connect.NewResponse(&PlaceResponse{ID: id}), nil
}
