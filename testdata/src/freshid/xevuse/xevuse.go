// Package xevuse fills the handlers' fields with its service's methods.
package xevuse

import (
	"context"
	"database/sql"
	"strings"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"freshid/xevset"
)

// Service records grades.
type Service struct{ db *sql.DB }

// OnGraded inserts a grade under an ID it makes.
func (s *Service) OnGraded(ctx context.Context, m kafka.Message) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO grades (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value) // want `a retry inserts a second grades row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Service.OnGraded\)`
	return err
}

// Label makes a label: the formatter, a field no registration hands
// on, is no root.
func (s *Service) Label(name string) string {
	s.db.Exec("INSERT INTO labels (id, name) VALUES ($1, $2)", uuid.NewString(), name)
	return strings.ToUpper(name)
}

// Wire builds the router.
func Wire(db *sql.DB) {
	s := &Service{db: db}
	xevset.NewRouter(xevset.Handlers{OnGraded: s.OnGraded, Formatter: s.Label})
}
