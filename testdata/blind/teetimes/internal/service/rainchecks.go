package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/queue"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// ClosureInput declares a course closed from a point in the day.
type ClosureInput struct {
	CourseID   string
	PlayDate   time.Time
	ClosedFrom time.Time
	Reason     string
}

// RainChecks handles weather closures and the credit they give players.
type RainChecks interface {
	DeclareClosure(ctx context.Context, in ClosureInput) (*domain.CourseClosure, error)
	IssueForClosure(ctx context.Context, closureID string) (int, error)
	Apply(ctx context.Context, rainCheckID, bookingID, memberID string) (*domain.BookingCredit, error)
}

// RainCheckParams are the dependencies of the rain-check service.
type RainCheckParams struct {
	fx.In

	Config     *config.Config
	Log        *zap.Logger
	UoW        db.UnitOfWork
	Courses    store.CourseStore
	TeeTimes   store.TeeTimeStore
	Bookings   store.BookingStore
	Closures   store.ClosureStore
	RainChecks store.RainCheckStore
	Credits    store.CreditStore
	Jobs       queue.Enqueuer
}

type rainCheckService struct {
	cfg        *config.Config
	log        *zap.Logger
	uow        db.UnitOfWork
	courses    store.CourseStore
	teeTimes   store.TeeTimeStore
	bookings   store.BookingStore
	closures   store.ClosureStore
	rainChecks store.RainCheckStore
	credits    store.CreditStore
	jobs       queue.Enqueuer

	newID ids.Func
	now   func() time.Time
}

// NewRainCheckService builds the rain-check service.
func NewRainCheckService(p RainCheckParams) *rainCheckService {
	return &rainCheckService{
		cfg:        p.Config,
		log:        p.Log.Named("rainchecks"),
		uow:        p.UoW,
		courses:    p.Courses,
		teeTimes:   p.TeeTimes,
		bookings:   p.Bookings,
		closures:   p.Closures,
		rainChecks: p.RainChecks,
		credits:    p.Credits,
		jobs:       p.Jobs,
		newID:      ids.NewULID,
		now:        func() time.Time { return time.Now().UTC() },
	}
}

// DeclareClosure records the closure once per course and day and queues
// rain-check issuing in the same transaction.
func (s *rainCheckService) DeclareClosure(ctx context.Context, in ClosureInput) (*domain.CourseClosure, error) {
	if in.CourseID == "" || in.PlayDate.IsZero() || in.ClosedFrom.IsZero() {
		return nil, invalid("course_id, play_date and closed_from are required")
	}
	if in.Reason == "" {
		in.Reason = "weather"
	}
	day := in.PlayDate.Format("2006-01-02")
	var out *domain.CourseClosure
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		if _, err := s.courses.Get(ctx, in.CourseID); err != nil {
			return notFoundOr(err, "course")
		}
		c := &domain.CourseClosure{
			ID:         ids.Derive("closure", in.CourseID, day),
			CourseID:   in.CourseID,
			PlayDate:   in.PlayDate,
			ClosedFrom: in.ClosedFrom,
			Reason:     in.Reason,
			CreatedAt:  s.now(),
		}
		created, err := s.closures.CreateIgnoreConflict(ctx, c, "course_id", "play_date")
		if err != nil {
			return err
		}
		if !created {
			out, err = s.closures.FindOne(ctx, "course_id = ? AND play_date = ?", in.CourseID, day)
			return err
		}
		if _, err := s.jobs.EnqueueTx(ctx, queue.RainCheckIssueArgs{ClosureID: c.ID}); err != nil {
			return err
		}
		out = c
		return nil
	})
	return out, err
}

// IssueForClosure gives every confirmed or checked-in booking on the
// closed day a rain check worth the unplayed share of its green fee.
func (s *rainCheckService) IssueForClosure(ctx context.Context, closureID string) (int, error) {
	c, err := s.closures.Get(ctx, closureID)
	if err != nil {
		return 0, notFoundOr(err, "closure")
	}
	if c.IssuedAt != nil {
		return 0, nil
	}
	course, err := s.courses.Get(ctx, c.CourseID)
	if err != nil {
		return 0, err
	}
	loc, err := time.LoadLocation(course.Timezone)
	if err != nil {
		return 0, err
	}
	day := time.Date(c.PlayDate.Year(), c.PlayDate.Month(), c.PlayDate.Day(), 0, 0, 0, 0, loc)
	affected, err := s.bookings.ForCourseDay(ctx, c.CourseID, day, domain.BookingConfirmed, domain.BookingCheckedIn)
	if err != nil {
		return 0, err
	}

	issued := 0
	for _, b := range affected {
		tt, err := s.teeTimes.Get(ctx, b.TeeTimeID)
		if err != nil {
			return issued, err
		}
		credit := creditForClosure(&b, tt.StartsAt, c.ClosedFrom, course.Holes)
		if credit <= 0 {
			continue
		}
		rc := &domain.RainCheck{
			ID:          s.newID(),
			BookingID:   b.ID,
			MemberID:    b.MemberID,
			ClosureID:   c.ID,
			CreditCents: credit,
			Status:      domain.RainCheckOpen,
			ExpiresAt:   s.now().Add(s.cfg.RainCheckValidity),
		}
		if err := s.rainChecks.Issue(ctx, rc); err != nil {
			return issued, fmt.Errorf("rain check for booking %s: %w", b.ID, err)
		}
		issued++
	}
	if _, err := s.closures.Update(ctx, c.ID, map[string]any{"issued_at": s.now()}); err != nil {
		return issued, err
	}
	s.log.Info("rain checks issued", zap.String("closure_id", c.ID), zap.Int("count", issued))
	return issued, nil
}

// creditForClosure credits the green fee in proportion to the holes a
// group could not play, assuming fifteen minutes a hole from its start.
func creditForClosure(b *domain.Booking, teeTime, closedFrom time.Time, holes int) int64 {
	if holes <= 0 {
		holes = 18
	}
	if !closedFrom.After(teeTime) {
		return b.GreenFeeCents
	}
	played := int(closedFrom.Sub(teeTime) / (15 * time.Minute))
	if played >= holes {
		return 0
	}
	return b.GreenFeeCents * int64(holes-played) / int64(holes)
}

// Apply redeems a rain check against one of the member's unpaid bookings.
// The rain check's state change, the credit row and the booking total all
// commit together.
func (s *rainCheckService) Apply(ctx context.Context, rainCheckID, bookingID, memberID string) (*domain.BookingCredit, error) {
	var out *domain.BookingCredit
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		b, err := s.bookings.GetForUpdate(ctx, bookingID)
		if err != nil {
			return notFoundOr(err, "booking")
		}
		if b.MemberID != memberID {
			return forbidden("booking belongs to another member")
		}
		now := s.now()
		n, err := s.rainChecks.UpdateWhere(ctx,
			map[string]any{"status": domain.RainCheckRedeemed, "redeemed_booking_id": b.ID, "redeemed_at": now},
			"id = ? AND member_id = ? AND status = ? AND expires_at > ?",
			rainCheckID, memberID, domain.RainCheckOpen, now)
		if err != nil {
			return err
		}
		if n == 0 {
			existing, err := s.credits.FindBySource(ctx, "rain_check", rainCheckID, b.ID)
			if err == nil {
				out = existing
				return nil
			}
			if !errors.Is(err, db.ErrNotFound) {
				return err
			}
			return conflict("rain check is not available")
		}
		if b.Status != domain.BookingPendingPayment {
			return conflict("rain checks can only be applied before payment")
		}
		rc, err := s.rainChecks.Get(ctx, rainCheckID)
		if err != nil {
			return err
		}
		amount := minInt64(rc.CreditCents, b.AmountDueCents)
		credit := &domain.BookingCredit{
			ID:          s.newID(),
			BookingID:   b.ID,
			SourceType:  "rain_check",
			SourceID:    rc.ID,
			AmountCents: amount,
			CreatedAt:   now,
		}
		if _, err := s.credits.CreateIgnoreConflict(ctx, credit, "source_type", "source_id", "booking_id"); err != nil {
			return err
		}
		if err := s.bookings.ApplyCredit(ctx, b.ID, amount); err != nil {
			return err
		}
		out = credit
		return nil
	})
	return out, err
}
