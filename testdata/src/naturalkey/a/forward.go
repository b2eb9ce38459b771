package a

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	"github.com/ThreeDotsLabs/watermill/message"

	"example.com/evdomain"
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

// The message's UUID, in a row squirrel renders, without conflict
// handling.
func recordBuilt(msg *message.Message) error {
	q, args, err := sq.Insert("events").Columns("event_id", "payload").Values(msg.UUID, string(msg.Payload)).ToSql()
	if err != nil {
		return err
	}
	_, err = events.db.ExecContext(msg.Context(), q, args...) // want `same event_id`
	return err
}

// Negative: the rendered INSERT ignores a duplicate.
func recordBuiltOnce(msg *message.Message) error {
	q, args, err := sq.Insert("events").Columns("event_id", "payload").Values(msg.UUID, string(msg.Payload)).Suffix("ON CONFLICT (event_id) DO NOTHING").ToSql()
	if err != nil {
		return err
	}
	_, err = events.db.ExecContext(msg.Context(), q, args...)
	return err
}

// The message's UUID, through a constructor and a getter of a domain
// package that has nothing else to trace.
func recordEntity(msg *message.Message) error {
	e := evdomain.NewEvent(msg.UUID, msg.Payload)
	_, err := events.db.ExecContext(msg.Context(), "INSERT INTO events (event_id, payload) VALUES ($1, $2)", e.ID, e.Payload) // want `same event_id`
	return err
}

func recordEntityRef(msg *message.Message) error {
	e := evdomain.NewEvent(msg.UUID, msg.Payload)
	_, err := events.db.ExecContext(msg.Context(), "INSERT INTO event_refs (event_id) VALUES ($1)", e.Ref()) // want `same event_id`
	return err
}
