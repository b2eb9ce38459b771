// Package store implements the repositories used by the service layer on
// top of the generic db.Repository.
package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// ErrSlotFull is returned when a tee time cannot take more players.
var ErrSlotFull = errors.New("store: tee time is full")

// CourseStore reads course configuration.
type CourseStore interface {
	Get(ctx context.Context, id string) (*domain.Course, error)
	ListActive(ctx context.Context) ([]domain.Course, error)
}

type courseStore struct {
	*db.Repository[domain.Course]
}

// NewCourseStore builds a CourseStore.
func NewCourseStore(g *gorm.DB) *courseStore {
	return &courseStore{db.NewRepository[domain.Course](g)}
}

func (s *courseStore) ListActive(ctx context.Context) ([]domain.Course, error) {
	return s.Find(ctx, "name", "active = ?", true)
}

// TeeTimeStore manages tee-sheet slots and their occupancy.
type TeeTimeStore interface {
	Get(ctx context.Context, id string) (*domain.TeeTime, error)
	GetForUpdate(ctx context.Context, id string) (*domain.TeeTime, error)
	AddPlayers(ctx context.Context, id string, n int) error
	ReleasePlayers(ctx context.Context, id string, n int) error
	ListForCourse(ctx context.Context, courseID string, from, to time.Time) ([]domain.TeeTime, error)
	InsertSlots(ctx context.Context, slots []domain.TeeTime) (int64, error)
}

type teeTimeStore struct {
	*db.Repository[domain.TeeTime]
}

// NewTeeTimeStore builds a TeeTimeStore.
func NewTeeTimeStore(g *gorm.DB) *teeTimeStore {
	return &teeTimeStore{db.NewRepository[domain.TeeTime](g)}
}

// AddPlayers increments occupancy only while it stays within capacity.
func (s *teeTimeStore) AddPlayers(ctx context.Context, id string, n int) error {
	res := s.Conn(ctx).Model(&domain.TeeTime{}).
		Where("id = ? AND NOT blocked AND booked_players + ? <= capacity", id, n).
		Updates(map[string]any{
			"booked_players": gorm.Expr("booked_players + ?", n),
			"updated_at":     time.Now().UTC(),
		})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrSlotFull
	}
	return nil
}

// ReleasePlayers gives n places back to the slot.
func (s *teeTimeStore) ReleasePlayers(ctx context.Context, id string, n int) error {
	return s.Conn(ctx).Model(&domain.TeeTime{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"booked_players": gorm.Expr("GREATEST(booked_players - ?, 0)", n),
			"updated_at":     time.Now().UTC(),
		}).Error
}

func (s *teeTimeStore) ListForCourse(ctx context.Context, courseID string, from, to time.Time) ([]domain.TeeTime, error) {
	return s.Find(ctx, "starts_at", "course_id = ? AND starts_at >= ? AND starts_at < ?", courseID, from, to)
}

// InsertSlots adds tee-sheet slots, leaving any that already exist alone.
func (s *teeTimeStore) InsertSlots(ctx context.Context, slots []domain.TeeTime) (int64, error) {
	return s.CreateBatchIgnoreConflict(ctx, slots, "course_id", "starts_at")
}
