// Package cancellation cancels lessons and returns their value to the
// student, either as credits or as a partial card refund.
package cancellation

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/payments"
	"github.com/learnloop/tutoring/internal/store"
)

// Result describes what the student got back.
type Result struct {
	Lesson      domain.Lesson
	Percent     int
	CreditsBack int
	RefundCents int64
	RefundID    string
}

// Service cancels lessons.
type Service interface {
	Cancel(ctx context.Context, studentID, lessonID uuid.UUID, target RefundTarget) (Result, error)
}

type service struct {
	pool    *pgxpool.Pool
	lessons store.Lessons
	buys    store.Purchases
	refunds store.Refunds
	ledger  store.Ledger
	slots   store.Availability
	gateway payments.Gateway
	policy  Policy
	now     func() time.Time
}

// New builds the cancellation service.
func New(pool *pgxpool.Pool, lessons store.Lessons, buys store.Purchases, refunds store.Refunds,
	ledger store.Ledger, slots store.Availability, gw payments.Gateway) Service {
	return &service{pool: pool, lessons: lessons, buys: buys, refunds: refunds, ledger: ledger, slots: slots,
		gateway: gw, policy: DefaultPolicy, now: time.Now}
}

func (s *service) Cancel(ctx context.Context, studentID, lessonID uuid.UUID, target RefundTarget) (Result, error) {
	lesson, err := s.lessons.Get(ctx, s.pool, lessonID)
	if err != nil {
		return Result{}, err
	}
	if lesson.StudentID != studentID {
		return Result{}, domain.ErrForbidden
	}
	if lesson.Status == domain.LessonCancelled {
		return Result{Lesson: lesson}, nil
	}
	if lesson.Status != domain.LessonBooked || lesson.PurchaseID == nil {
		return Result{}, domain.ErrNotCancellable
	}
	purchase, err := s.buys.Get(ctx, s.pool, *lesson.PurchaseID)
	if err != nil {
		return Result{}, err
	}
	if target == ToCard && purchase.PaymentIntentID == "" {
		target = ToCredits
	}

	plan := s.policy.PlanFor(lesson, purchase, target, s.now())
	res := Result{Percent: plan.Percent, CreditsBack: plan.CreditsBack, RefundCents: plan.RefundCents}

	var refund payments.RefundResult
	if plan.RefundCents > 0 {
		refund, err = s.gateway.Refund(ctx, payments.RefundInput{
			PaymentIntentID: purchase.PaymentIntentID,
			AmountCents:     plan.RefundCents,
			Reason:          "requested_by_customer",
			Metadata:        map[string]string{"lesson_id": lesson.ID.String(), "refund_ref": plan.Reference},
			IdempotencyKey:  plan.Reference,
		})
		if err != nil {
			return Result{}, fmt.Errorf("refund: %w", err)
		}
		res.RefundID = plan.Reference
	}

	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		locked, err := s.lessons.GetForUpdate(ctx, tx, lesson.ID)
		if err != nil {
			return err
		}
		if locked.Status != domain.LessonBooked {
			return domain.ErrNotCancellable
		}
		if err := s.lessons.MarkCancelled(ctx, tx, lesson.ID); err != nil {
			return err
		}
		if err := s.slots.Release(ctx, tx, lesson.TutorID, lesson.StartsAt); err != nil {
			return err
		}
		if plan.RefundCents > 0 {
			if err := s.refunds.Insert(ctx, tx, domain.Refund{
				ID: plan.Reference, LessonID: lesson.ID, PurchaseID: purchase.ID,
				StripeRefundID: refund.ID, AmountCents: plan.RefundCents, Status: refund.Status,
			}); err != nil {
				return err
			}
		}
		if plan.CreditsBack > 0 {
			return s.ledger.Append(ctx, tx, domain.LedgerEntry{
				ID: uuid.New(), StudentID: lesson.StudentID, PurchaseID: lesson.PurchaseID, LessonID: &lesson.ID,
				Delta: plan.CreditsBack, Reason: "lesson_cancelled",
			})
		}
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	lesson.Status = domain.LessonCancelled
	res.Lesson = lesson
	return res, nil
}
