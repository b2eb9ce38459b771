// Package xrunneruse lists the routes of a runner of another package,
// whose helper calls each handler it is given on every delivery.
package xrunneruse

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"freshid/xrunner"
)

// Routes lists the handlers by topic.
func Routes(db *sql.DB) []xrunner.Route {
	return []xrunner.Route{
		{Topic: "grades", Handler: func(ctx context.Context, m kafka.Message) error {
			_, err := db.ExecContext(ctx, "INSERT INTO grades (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value) // want `a retry inserts a second grades row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop func literal in Routes\)`
			return err
		}},
	}
}
