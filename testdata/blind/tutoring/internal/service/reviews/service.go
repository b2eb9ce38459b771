// Package reviews lets students rate completed lessons.
package reviews

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/store"
)

// SubmitInput is a student's review.
type SubmitInput struct {
	StudentID uuid.UUID
	LessonID  uuid.UUID
	Rating    int
	Body      string
}

// Service manages reviews.
type Service interface {
	Submit(ctx context.Context, in SubmitInput) (domain.Review, error)
}

type service struct {
	pool    *pgxpool.Pool
	lessons store.Lessons
	reviews store.Reviews
}

// New builds the review service.
func New(pool *pgxpool.Pool, lessons store.Lessons, reviews store.Reviews) Service {
	return &service{pool: pool, lessons: lessons, reviews: reviews}
}

func (s *service) Submit(ctx context.Context, in SubmitInput) (domain.Review, error) {
	if in.Rating < 1 || in.Rating > 5 {
		return domain.Review{}, fmt.Errorf("%w: rating must be 1-5", domain.ErrInvalidArgument)
	}
	body := strings.TrimSpace(in.Body)
	if len(body) > 4000 {
		return domain.Review{}, fmt.Errorf("%w: review too long", domain.ErrInvalidArgument)
	}
	lesson, err := s.lessons.Get(ctx, s.pool, in.LessonID)
	if err != nil {
		return domain.Review{}, err
	}
	if lesson.StudentID != in.StudentID {
		return domain.Review{}, domain.ErrForbidden
	}
	if lesson.Status != domain.LessonCompleted {
		return domain.Review{}, fmt.Errorf("%w: only completed lessons can be reviewed", domain.ErrInvalidArgument)
	}

	review := domain.Review{
		ID:        uuid.New(),
		LessonID:  lesson.ID,
		StudentID: in.StudentID,
		TutorID:   lesson.TutorID,
		Rating:    in.Rating,
		Body:      body,
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.reviews.Insert(ctx, tx, review); err != nil {
			return fmt.Errorf("insert review: %w", err)
		}
		return s.reviews.BumpStats(ctx, tx, review.TutorID, review.Rating)
	})
	if err != nil {
		return domain.Review{}, err
	}
	return review, nil
}
