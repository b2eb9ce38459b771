// Package svc implements api.Holds.
package svc

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredbind/api"
)

// Holds keeps holds in PostgreSQL.
type Holds struct{ DB *sql.DB }

// Create holds a room under an ID it makes.
func (h *Holds) Create(ctx context.Context, in api.HoldInput) (api.Hold, error) {
	id := uuid.NewString() // want `a retry inserts a second holds row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler api.Holds.Create, bound at api.go:\d+:\d+\)`
	_, err := h.DB.ExecContext(ctx, "INSERT INTO holds (id, room) VALUES ($1, $2)", id, in.Room)
	return api.Hold{ID: id}, err
}

// Release releases the room's holds: no new identity.
func (h *Holds) Release(ctx context.Context, in api.HoldInput) (api.Hold, error) {
	_, err := h.DB.ExecContext(ctx, "DELETE FROM holds WHERE room = $1", in.Room)
	return api.Hold{}, err
}

// Messages records the acknowledgements of messages.
type Messages struct{ DB *sql.DB }

// Record inserts the acknowledgement under the message's ID, with no
// conflict handling: a redelivery fails on the key.
func (m *Messages) Record(ctx context.Context, msgID, ref string) error {
	_, err := m.DB.ExecContext(ctx, "INSERT INTO messages (message_id, ref) VALUES ($1, $2)", msgID, ref) // want `a retry inserts the row for the same message_id again, which fails or duplicates it: the INSERT into messages in svc.Messages.Record has no conflict handling for the caller-known message_id \(JetStream handler func literal in Consumer.Handler\)`
	return err
}
