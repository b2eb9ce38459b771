package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
)

// Rooms persists the video room provisioned for each lesson.
type Rooms interface {
	Get(ctx context.Context, q database.Querier, lessonID uuid.UUID) (domain.Room, bool, error)
	SaveIfAbsent(ctx context.Context, q database.Querier, r domain.Room) (bool, error)
}

type pgRooms struct{}

// NewRooms returns the Postgres room repository.
func NewRooms() *pgRooms { return &pgRooms{} }

func (r *pgRooms) Get(ctx context.Context, q database.Querier, lessonID uuid.UUID) (domain.Room, bool, error) {
	var rm domain.Room
	err := q.QueryRow(ctx, `
		SELECT lesson_id, vendor_room_id, tutor_join_url, student_join_url, join_secret, created_at
		FROM video_rooms WHERE lesson_id = $1`, lessonID).
		Scan(&rm.LessonID, &rm.VendorRoomID, &rm.TutorJoinURL, &rm.StudentJoinURL, &rm.JoinSecret, &rm.CreatedAt)
	if err = database.NotFound(err); err == database.ErrNotFound {
		return domain.Room{}, false, nil
	} else if err != nil {
		return domain.Room{}, false, err
	}
	return rm, true, nil
}

func (r *pgRooms) SaveIfAbsent(ctx context.Context, q database.Querier, rm domain.Room) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO video_rooms (lesson_id, vendor_room_id, tutor_join_url, student_join_url, join_secret)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (lesson_id) DO NOTHING`,
		rm.LessonID, rm.VendorRoomID, rm.TutorJoinURL, rm.StudentJoinURL, rm.JoinSecret)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Sessions stores per-participant attendance reported by the video vendor.
type Sessions interface {
	Insert(ctx context.Context, q database.Querier, s domain.Session) error
}

type pgSessions struct{}

// NewSessions returns the Postgres session repository.
func NewSessions() *pgSessions { return &pgSessions{} }

func (r *pgSessions) Insert(ctx context.Context, q database.Querier, s domain.Session) error {
	_, err := q.Exec(ctx, `
		INSERT INTO lesson_sessions (id, lesson_id, role, joined_at, left_at, seconds)
		VALUES ($1, $2, $3, $4, $5, $6)`, s.ID, s.LessonID, s.Role, s.JoinedAt, s.LeftAt, s.Seconds)
	return err
}
