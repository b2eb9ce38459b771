// Package store contains the Postgres repositories. Repository methods
// take a database.Querier so callers decide the transaction boundary;
// a few bulk operations own their transaction and take the pool.
package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
)

// Lessons persists lessons.
type Lessons interface {
	Insert(ctx context.Context, q database.Querier, l domain.Lesson) error
	Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Lesson, error)
	GetForUpdate(ctx context.Context, tx pgx.Tx, id uuid.UUID) (domain.Lesson, error)
	UpdateStart(ctx context.Context, q database.Querier, id uuid.UUID, startsAt time.Time) error
	MarkCancelled(ctx context.Context, q database.Querier, id uuid.UUID) error
	Transition(ctx context.Context, q database.Querier, id, tutorID uuid.UUID, from, to string) (domain.Lesson, bool, error)
	Extend(ctx context.Context, q database.Querier, id, tutorID uuid.UUID, extraMin, extraCredits int) (domain.Lesson, error)
	AddAttendance(ctx context.Context, q database.Querier, id uuid.UUID, seconds int64) error
}

type pgLessons struct{}

// NewLessons returns the Postgres lesson repository.
func NewLessons() *pgLessons { return &pgLessons{} }

const lessonColumns = `id, student_id, tutor_id, purchase_id, starts_at, duration_min, credits, status, created_at`

func scanLesson(row pgx.Row) (domain.Lesson, error) {
	var l domain.Lesson
	err := row.Scan(&l.ID, &l.StudentID, &l.TutorID, &l.PurchaseID, &l.StartsAt, &l.DurationMin, &l.Credits, &l.Status, &l.CreatedAt)
	return l, database.NotFound(err)
}

func (r *pgLessons) Insert(ctx context.Context, q database.Querier, l domain.Lesson) error {
	_, err := q.Exec(ctx, `
		INSERT INTO lessons (id, student_id, tutor_id, purchase_id, starts_at, duration_min, credits, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		l.ID, l.StudentID, l.TutorID, l.PurchaseID, l.StartsAt, l.DurationMin, l.Credits, l.Status)
	return err
}

func (r *pgLessons) Get(ctx context.Context, q database.Querier, id uuid.UUID) (domain.Lesson, error) {
	return scanLesson(q.QueryRow(ctx, `SELECT `+lessonColumns+` FROM lessons WHERE id = $1`, id))
}

func (r *pgLessons) GetForUpdate(ctx context.Context, tx pgx.Tx, id uuid.UUID) (domain.Lesson, error) {
	return scanLesson(tx.QueryRow(ctx, `SELECT `+lessonColumns+` FROM lessons WHERE id = $1 FOR UPDATE`, id))
}

func (r *pgLessons) UpdateStart(ctx context.Context, q database.Querier, id uuid.UUID, startsAt time.Time) error {
	tag, err := q.Exec(ctx, `UPDATE lessons SET starts_at = $2, updated_at = now() WHERE id = $1 AND status = 'booked'`, id, startsAt)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrConflict
	}
	return nil
}

func (r *pgLessons) MarkCancelled(ctx context.Context, q database.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `
		UPDATE lessons SET status = 'cancelled', cancelled_at = now(), updated_at = now()
		WHERE id = $1 AND status = 'booked'`, id)
	return err
}

// Transition moves a lesson owned by tutorID from one status to another.
// It reports false (and the current lesson) when the lesson was not in
// the from status.
func (r *pgLessons) Transition(ctx context.Context, q database.Querier, id, tutorID uuid.UUID, from, to string) (domain.Lesson, bool, error) {
	l, err := scanLesson(q.QueryRow(ctx, `
		UPDATE lessons
		SET status = $4,
		    completed_at = CASE WHEN $4 = 'completed' THEN now() ELSE completed_at END,
		    updated_at = now()
		WHERE id = $1 AND tutor_id = $2 AND status = $3
		RETURNING `+lessonColumns, id, tutorID, from, to))
	if err == nil {
		return l, true, nil
	}
	if err != database.ErrNotFound {
		return domain.Lesson{}, false, err
	}
	cur, err := r.Get(ctx, q, id)
	if err != nil {
		return domain.Lesson{}, false, err
	}
	if cur.TutorID != tutorID {
		return domain.Lesson{}, false, domain.ErrForbidden
	}
	return cur, false, nil
}

func (r *pgLessons) Extend(ctx context.Context, q database.Querier, id, tutorID uuid.UUID, extraMin, extraCredits int) (domain.Lesson, error) {
	return scanLesson(q.QueryRow(ctx, `
		UPDATE lessons
		SET duration_min = duration_min + $3, credits = credits + $4, updated_at = now()
		WHERE id = $1 AND tutor_id = $2 AND status = 'booked'
		RETURNING `+lessonColumns, id, tutorID, extraMin, extraCredits))
}

func (r *pgLessons) AddAttendance(ctx context.Context, q database.Querier, id uuid.UUID, seconds int64) error {
	_, err := q.Exec(ctx, `UPDATE lessons SET attended_seconds = attended_seconds + $2, updated_at = now() WHERE id = $1`, id, seconds)
	return err
}
