package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
)

// Availability manages tutor slots and their reservation by lessons.
type Availability interface {
	Reserve(ctx context.Context, q database.Querier, tutorID uuid.UUID, startsAt time.Time, lessonID uuid.UUID) error
	Release(ctx context.Context, q database.Querier, tutorID uuid.UUID, startsAt time.Time) error
	Import(ctx context.Context, tutorID uuid.UUID, slots []domain.Slot) (int64, error)
}

type pgAvailability struct {
	pool *pgxpool.Pool
}

// NewAvailability returns the Postgres availability repository.
func NewAvailability(pool *pgxpool.Pool) *pgAvailability { return &pgAvailability{pool: pool} }

func (r *pgAvailability) Reserve(ctx context.Context, q database.Querier, tutorID uuid.UUID, startsAt time.Time, lessonID uuid.UUID) error {
	tag, err := q.Exec(ctx, `
		UPDATE tutor_availability SET lesson_id = $3
		WHERE tutor_id = $1 AND starts_at = $2 AND (lesson_id IS NULL OR lesson_id = $3)`,
		tutorID, startsAt, lessonID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrSlotUnavailable
	}
	return nil
}

func (r *pgAvailability) Release(ctx context.Context, q database.Querier, tutorID uuid.UUID, startsAt time.Time) error {
	_, err := q.Exec(ctx, `UPDATE tutor_availability SET lesson_id = NULL WHERE tutor_id = $1 AND starts_at = $2`, tutorID, startsAt)
	return err
}

// Import bulk-loads slots through a staging table so that re-uploading an
// overlapping calendar only adds the new slots.
func (r *pgAvailability) Import(ctx context.Context, tutorID uuid.UUID, slots []domain.Slot) (int64, error) {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)

	if _, err := tx.Exec(ctx, `
		CREATE TEMP TABLE availability_staging (
			tutor_id uuid, starts_at timestamptz, ends_at timestamptz
		) ON COMMIT DROP`); err != nil {
		return 0, fmt.Errorf("create staging: %w", err)
	}
	rows := make([][]any, 0, len(slots))
	for _, s := range slots {
		rows = append(rows, []any{tutorID, s.StartsAt, s.EndsAt})
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"availability_staging"},
		[]string{"tutor_id", "starts_at", "ends_at"}, pgx.CopyFromRows(rows)); err != nil {
		return 0, fmt.Errorf("copy slots: %w", err)
	}
	tag, err := tx.Exec(ctx, `
		INSERT INTO tutor_availability (tutor_id, starts_at, ends_at)
		SELECT DISTINCT ON (starts_at) tutor_id, starts_at, ends_at FROM availability_staging
		ON CONFLICT (tutor_id, starts_at) DO NOTHING`)
	if err != nil {
		return 0, fmt.Errorf("merge slots: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// Roster stores a tutor's existing (off-platform) students.
type Roster interface {
	Import(ctx context.Context, tutorID uuid.UUID, entries []domain.RosterEntry) (int64, error)
}

type pgRoster struct {
	pool *pgxpool.Pool
}

// NewRoster returns the Postgres roster repository.
func NewRoster(pool *pgxpool.Pool) *pgRoster { return &pgRoster{pool: pool} }

func (r *pgRoster) Import(ctx context.Context, tutorID uuid.UUID, entries []domain.RosterEntry) (int64, error) {
	src := pgx.CopyFromSlice(len(entries), func(i int) ([]any, error) {
		e := entries[i]
		return []any{tutorID, e.Email, e.FullName, e.Phone, e.Notes}, nil
	})
	return r.pool.CopyFrom(ctx, pgx.Identifier{"tutor_students"},
		[]string{"tutor_id", "email", "full_name", "phone", "notes"}, src)
}
