// Package booking books and reschedules lessons against a tutor's
// availability, paying with credits from the student's packages.
package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/events"
	"github.com/learnloop/tutoring/internal/idempotency"
	"github.com/learnloop/tutoring/internal/jobs"
	"github.com/learnloop/tutoring/internal/store"
)

// BookInput is a booking request.
type BookInput struct {
	StudentID      uuid.UUID
	TutorID        uuid.UUID
	StartsAt       time.Time
	DurationMin    int
	IdempotencyKey string
}

// Service is the booking use-case API.
type Service interface {
	Book(ctx context.Context, in BookInput) (domain.Lesson, error)
	Reschedule(ctx context.Context, studentID, lessonID uuid.UUID, newStart time.Time) (domain.Lesson, error)
}

type service struct {
	pool    *pgxpool.Pool
	idem    idempotency.Runner
	lessons store.Lessons
	slots   store.Availability
	ledger  store.Ledger
	buys    store.Purchases
	tutors  store.Tutors
	jobs    jobs.Enqueuer
	pub     events.Publisher
	log     *slog.Logger
}

// New builds the booking service.
func New(pool *pgxpool.Pool, keys store.IdempotencyKeys, lessons store.Lessons, slots store.Availability,
	ledger store.Ledger, buys store.Purchases, tutors store.Tutors, enq jobs.Enqueuer, pub events.Publisher, log *slog.Logger) Service {
	return &service{
		pool: pool, idem: idempotency.Runner{DB: pool, Keys: keys},
		lessons: lessons, slots: slots, ledger: ledger, buys: buys, tutors: tutors,
		jobs: enq, pub: pub, log: log,
	}
}

// creditsFor converts a lesson length into credits: one credit per
// started 30 minutes.
func creditsFor(minutes int) int {
	return (minutes + 29) / 30
}

func (s *service) Book(ctx context.Context, in BookInput) (domain.Lesson, error) {
	if in.DurationMin < 30 || in.DurationMin > 180 {
		return domain.Lesson{}, fmt.Errorf("%w: duration must be 30-180 minutes", domain.ErrInvalidArgument)
	}
	tutor, err := s.tutors.Get(ctx, s.pool, in.TutorID)
	if err != nil {
		return domain.Lesson{}, err
	}
	if tutor.Status != domain.TutorActive {
		return domain.Lesson{}, domain.ErrSlotUnavailable
	}

	scope := "book_lesson:" + in.StudentID.String()
	res, err := idempotency.Run(ctx, s.idem, scope, in.IdempotencyKey, func(ctx context.Context, tx pgx.Tx) (domain.Lesson, error) {
		credits := creditsFor(in.DurationMin)
		purchaseID, err := s.buys.PickForDebit(ctx, tx, in.StudentID, credits)
		if err != nil {
			return domain.Lesson{}, err
		}
		lesson := domain.Lesson{
			ID:          uuid.New(),
			StudentID:   in.StudentID,
			TutorID:     in.TutorID,
			PurchaseID:  &purchaseID,
			StartsAt:    in.StartsAt.UTC(),
			DurationMin: in.DurationMin,
			Credits:     credits,
			Status:      domain.LessonBooked,
			CreatedAt:   time.Now().UTC(),
		}
		if err := s.lessons.Insert(ctx, tx, lesson); err != nil {
			return domain.Lesson{}, fmt.Errorf("insert lesson: %w", err)
		}
		if err := s.slots.Reserve(ctx, tx, in.TutorID, lesson.StartsAt, lesson.ID); err != nil {
			return domain.Lesson{}, err
		}
		err = s.ledger.Append(ctx, tx, domain.LedgerEntry{
			ID:         uuid.New(),
			StudentID:  in.StudentID,
			PurchaseID: &purchaseID,
			LessonID:   &lesson.ID,
			Delta:      -credits,
			Reason:     "lesson_booked",
		})
		return lesson, err
	})
	if err != nil {
		return domain.Lesson{}, err
	}
	// Follow-up work is keyed by lesson ID, so running it again for a
	// replayed request is harmless and repairs a crash after commit.
	s.afterBooking(ctx, res.Value)
	return res.Value, nil
}

func (s *service) afterBooking(ctx context.Context, l domain.Lesson) {
	if err := s.jobs.ScheduleReminder(ctx, l); err != nil {
		s.log.ErrorContext(ctx, "schedule reminder", "lesson_id", l.ID, "err", err)
	}
	if err := s.jobs.ScheduleVideoProvision(ctx, l); err != nil {
		s.log.ErrorContext(ctx, "schedule video provision", "lesson_id", l.ID, "err", err)
	}
	ev := events.FromLesson(l.ID, l.StudentID, l.TutorID, l.StartsAt, l.DurationMin, l.Credits)
	if err := s.pub.LessonBooked(ctx, ev); err != nil {
		s.log.ErrorContext(ctx, "publish lesson booked", "lesson_id", l.ID, "err", err)
	}
}

func (s *service) Reschedule(ctx context.Context, studentID, lessonID uuid.UUID, newStart time.Time) (domain.Lesson, error) {
	newStart = newStart.UTC()
	lesson, err := s.lessons.Get(ctx, s.pool, lessonID)
	if err != nil {
		return domain.Lesson{}, err
	}
	if lesson.StudentID != studentID {
		return domain.Lesson{}, domain.ErrForbidden
	}
	if lesson.StartsAt.Equal(newStart) {
		return lesson, nil
	}
	if time.Until(lesson.StartsAt) < 12*time.Hour {
		return domain.Lesson{}, fmt.Errorf("%w: lessons can be moved up to 12h before start", domain.ErrNotCancellable)
	}
	oldStart := lesson.StartsAt

	if err := s.lessons.UpdateStart(ctx, s.pool, lessonID, newStart); err != nil {
		return domain.Lesson{}, fmt.Errorf("move lesson: %w", err)
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.slots.Release(ctx, tx, lesson.TutorID, oldStart); err != nil {
			return err
		}
		return s.slots.Reserve(ctx, tx, lesson.TutorID, newStart, lesson.ID)
	})
	if err != nil {
		if errors.Is(err, domain.ErrSlotUnavailable) {
			return domain.Lesson{}, err
		}
		return domain.Lesson{}, fmt.Errorf("swap slots: %w", err)
	}

	lesson.StartsAt = newStart
	if err := s.jobs.ScheduleReminder(ctx, lesson); err != nil {
		s.log.ErrorContext(ctx, "schedule reminder", "lesson_id", lesson.ID, "err", err)
	}
	return lesson, nil
}
