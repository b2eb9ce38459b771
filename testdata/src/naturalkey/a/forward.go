package a

import (
	"context"
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"
)

// store runs its statements through a helper that forwards the text and
// the arguments to the pool.
type store struct{ db *sql.DB }

func (s *store) exec(ctx context.Context, query string, args ...any) error {
	_, err := s.db.ExecContext(ctx, query, args...)
	return err
}

var events *store

// The message's UUID, inserted through the helper without conflict
// handling.
func recordForwarded(msg *message.Message) error {
	return events.exec(msg.Context(), "INSERT INTO events (event_id, payload) VALUES ($1, $2)", msg.UUID, string(msg.Payload)) // want `same event_id`
}

// Negative: the helper's statement absorbs the retry.
func recordForwardedOnce(msg *message.Message) error {
	return events.exec(msg.Context(), "INSERT INTO events (event_id, payload) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING", msg.UUID, string(msg.Payload))
}
