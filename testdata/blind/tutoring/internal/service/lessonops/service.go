// Package lessonops implements what tutors do to a lesson after it is
// booked: complete it, report a no-show, extend it; and what happens
// once a lesson is complete.
package lessonops

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/config"
	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/events"
	"github.com/learnloop/tutoring/internal/jobs"
	"github.com/learnloop/tutoring/internal/platform/ids"
	"github.com/learnloop/tutoring/internal/providers/messaging"
	"github.com/learnloop/tutoring/internal/service/payouts"
	"github.com/learnloop/tutoring/internal/service/referrals"
	"github.com/learnloop/tutoring/internal/store"
)

// Service is the tutor-side lesson lifecycle.
type Service interface {
	Complete(ctx context.Context, tutorID, lessonID uuid.UUID) (domain.Lesson, error)
	ReportNoShow(ctx context.Context, tutorID, lessonID uuid.UUID) (domain.Lesson, error)
	Extend(ctx context.Context, tutorID, lessonID uuid.UUID, extraMin int) (domain.Lesson, error)
	SettleCompleted(ctx context.Context, ev events.LessonEvent) error
}

type service struct {
	pool      *pgxpool.Pool
	lessons   store.Lessons
	tutors    store.Tutors
	students  store.Students
	ledger    store.Ledger
	buys      store.Purchases
	earnings  store.Earnings
	referrals referrals.Service
	jobs      jobs.Enqueuer
	pub       events.Publisher
	sender    messaging.Sender
	feeBps    int64
	log       *slog.Logger
}

// Deps groups the service's dependencies.
type Deps struct {
	Pool      *pgxpool.Pool
	Lessons   store.Lessons
	Tutors    store.Tutors
	Students  store.Students
	Ledger    store.Ledger
	Purchases store.Purchases
	Earnings  store.Earnings
	Referrals referrals.Service
	Jobs      jobs.Enqueuer
	Publisher events.Publisher
	Sender    messaging.Sender
	Config    config.Config
	Log       *slog.Logger
}

// New builds the lesson operations service.
func New(d Deps) Service {
	return &service{
		pool: d.Pool, lessons: d.Lessons, tutors: d.Tutors, students: d.Students, ledger: d.Ledger,
		buys: d.Purchases, earnings: d.Earnings, referrals: d.Referrals, jobs: d.Jobs, pub: d.Publisher,
		sender: d.Sender, feeBps: d.Config.PlatformFeeBps, log: d.Log,
	}
}

func (s *service) Complete(ctx context.Context, tutorID, lessonID uuid.UUID) (domain.Lesson, error) {
	lesson, changed, err := s.lessons.Transition(ctx, s.pool, lessonID, tutorID, domain.LessonBooked, domain.LessonCompleted)
	if err != nil {
		return domain.Lesson{}, err
	}
	if !changed && lesson.Status != domain.LessonCompleted {
		return domain.Lesson{}, fmt.Errorf("%w: lesson is %s", domain.ErrConflict, lesson.Status)
	}
	// Published on every call (not only on the transition) so a crash
	// between the update and the publish is repaired by the client's
	// retry; subscribers are keyed by lesson.
	ev := events.FromLesson(lesson.ID, lesson.StudentID, lesson.TutorID, lesson.StartsAt, lesson.DurationMin, lesson.Credits)
	if err := s.pub.LessonCompleted(ctx, ev); err != nil {
		return domain.Lesson{}, fmt.Errorf("publish completion: %w", err)
	}
	return lesson, nil
}

func (s *service) ReportNoShow(ctx context.Context, tutorID, lessonID uuid.UUID) (domain.Lesson, error) {
	var lesson domain.Lesson
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		l, changed, err := s.lessons.Transition(ctx, tx, lessonID, tutorID, domain.LessonBooked, domain.LessonNoShow)
		if err != nil {
			return err
		}
		lesson = l
		if !changed {
			if l.Status != domain.LessonNoShow {
				return fmt.Errorf("%w: lesson is %s", domain.ErrConflict, l.Status)
			}
			return nil
		}
		tutor, err := s.tutors.Get(ctx, tx, tutorID)
		if err != nil {
			return err
		}
		// Tutors are paid half their rate for a student no-show.
		e := payouts.EarningFor(l, tutor, s.feeBps)
		e.ID = ids.Derived("no-show-earning", l.ID.String())
		e.AmountCents /= 2
		return s.earnings.Insert(ctx, tx, e)
	})
	if err != nil {
		return domain.Lesson{}, err
	}

	student, err := s.students.Get(ctx, s.pool, lesson.StudentID)
	if err != nil || student.Phone == "" {
		return lesson, err
	}
	_, err = s.sender.SendSMS(ctx, messaging.SMSRequest{
		ClientReference: "no-show:" + lesson.ID.String(),
		To:              student.Phone,
		Body:            fmt.Sprintf("We missed you at your lesson on %s. The lesson credits have been used. Reply HELP for support.", lesson.StartsAt.Format("Jan 2 15:04 MST")),
	})
	if err != nil {
		s.log.WarnContext(ctx, "no-show sms", "lesson_id", lesson.ID, "err", err)
	}
	return lesson, nil
}

func (s *service) Extend(ctx context.Context, tutorID, lessonID uuid.UUID, extraMin int) (domain.Lesson, error) {
	if extraMin <= 0 || extraMin%30 != 0 || extraMin > 90 {
		return domain.Lesson{}, fmt.Errorf("%w: extend by 30, 60 or 90 minutes", domain.ErrInvalidArgument)
	}
	extraCredits := extraMin / 30
	var out domain.Lesson
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := s.lessons.GetForUpdate(ctx, tx, lessonID)
		if err != nil {
			return err
		}
		if cur.TutorID != tutorID {
			return domain.ErrForbidden
		}
		purchaseID, err := s.buys.PickForDebit(ctx, tx, cur.StudentID, extraCredits)
		if err != nil {
			return err
		}
		out, err = s.lessons.Extend(ctx, tx, lessonID, tutorID, extraMin, extraCredits)
		if err != nil {
			return err
		}
		return s.ledger.Append(ctx, tx, domain.LedgerEntry{
			ID: uuid.New(), StudentID: cur.StudentID, PurchaseID: &purchaseID, LessonID: &cur.ID,
			Delta: -extraCredits, Reason: "lesson_extended",
		})
	})
	return out, err
}

// SettleCompleted books the tutor's earning for a completed lesson and
// qualifies a pending referral for the student.
func (s *service) SettleCompleted(ctx context.Context, ev events.LessonEvent) error {
	lesson, err := s.lessons.Get(ctx, s.pool, ev.LessonID)
	if err != nil {
		return err
	}
	if lesson.Status != domain.LessonCompleted {
		return nil
	}
	tutor, err := s.tutors.Get(ctx, s.pool, lesson.TutorID)
	if err != nil {
		return err
	}
	earning := payouts.EarningFor(lesson, tutor, s.feeBps)

	var qualified *domain.Referral
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.earnings.Insert(ctx, tx, earning); err != nil {
			return fmt.Errorf("record earning: %w", err)
		}
		var err error
		qualified, err = s.referrals.QualifyOnFirstLesson(ctx, tx, lesson.StudentID)
		return err
	})
	if err != nil {
		return err
	}
	if qualified != nil {
		if err := s.jobs.ReportReferral(ctx, qualified.ID); err != nil {
			return err
		}
	}
	return s.jobs.ScheduleReviewRequest(ctx, lesson.ID)
}
