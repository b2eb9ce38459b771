package storage

import (
	"context"

	"github.com/google/uuid"
)

// Entity is a row whose primary key is assigned by the application.
type Entity interface {
	EntityID() string
	AssignID(id string)
}

// Persist assigns a primary key to e when it has none and hands it to insert.
// It returns e so callers can chain on the stored value.
func Persist[E Entity](ctx context.Context, q Querier, e E, insert func(context.Context, Querier, E) error) (E, error) {
	if e.EntityID() == "" {
		e.AssignID(uuid.NewString())
	}
	if err := insert(ctx, q, e); err != nil {
		var zero E
		return zero, err
	}
	return e, nil
}
