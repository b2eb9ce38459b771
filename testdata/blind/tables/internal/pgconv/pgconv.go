// Package pgconv converts between Go values and pgtype wrappers.
package pgconv

import (
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

func Text(s string) pgtype.Text {
	return pgtype.Text{String: s, Valid: s != ""}
}

func Time(t time.Time) pgtype.Timestamptz {
	return pgtype.Timestamptz{Time: t, Valid: !t.IsZero()}
}

func Date(t time.Time) pgtype.Date {
	return pgtype.Date{Time: t, Valid: !t.IsZero()}
}

func UUID(u uuid.UUID) pgtype.UUID {
	return pgtype.UUID{Bytes: u, Valid: true}
}

// StringOr returns t's string, or def if t is NULL.
func StringOr(t pgtype.Text, def string) string {
	if !t.Valid {
		return def
	}
	return t.String
}
