// Package enrolment places children into rooms and runs the follow-up work
// when an enrolment is confirmed.
package enrolment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
)

// Mailer sends templated emails.
type Mailer interface {
	Mail(ctx context.Context, to, subjectTmpl, bodyTmpl string, data any, tags ...string) (string, error)
}

type Service struct {
	q      *db.Queries
	tx     pgtx.Transactor
	events events.Publisher
	mailer Mailer
	log    *slog.Logger
}

func NewService(q *db.Queries, tx pgtx.Transactor, pub events.Publisher, mailer Mailer, log *slog.Logger) *Service {
	return &Service{q: q, tx: tx, events: pub, mailer: mailer, log: log}
}

type EnrolInput struct {
	ChildID     uuid.UUID
	RoomID      uuid.UUID
	StartDate   time.Time
	FundedHours float64
}

// Enrol places a child in a room from a start date.
func (s *Service) Enrol(ctx context.Context, in EnrolInput) (db.Enrolment, error) {
	if in.StartDate.IsZero() {
		return db.Enrolment{}, fmt.Errorf("%w: start date is required", apperr.ErrInvalid)
	}

	// Take the place first: the UPDATE is guarded on capacity, so two admins
	// racing for the last place cannot both get it.
	n, err := s.q.ReserveRoomPlace(ctx, in.RoomID)
	if err != nil {
		return db.Enrolment{}, fmt.Errorf("reserve place: %w", err)
	}
	if n == 0 {
		return db.Enrolment{}, apperr.ErrNoCapacity
	}

	var out db.Enrolment
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		start := pgtype.Date{Time: in.StartDate, Valid: true}
		e, err := q.CreateEnrolment(ctx, db.CreateEnrolmentParams{
			ID:          uuid.New(),
			ChildID:     in.ChildID,
			RoomID:      in.RoomID,
			StartDate:   start,
			FundedHours: hours(in.FundedHours),
		})
		if errors.Is(err, pgx.ErrNoRows) {
			// Already enrolled in this room from this date.
			out, err = q.GetEnrolmentBySlot(ctx, db.GetEnrolmentBySlotParams{
				ChildID: in.ChildID, RoomID: in.RoomID, StartDate: start,
			})
			return err
		}
		if err != nil {
			return fmt.Errorf("create enrolment: %w", err)
		}
		out = e
		return s.events.Publish(ctx, events.TopicEnrolmentConfirmed, events.EnrolmentConfirmed{
			EnrolmentID: e.ID,
			ChildID:     e.ChildID,
			RoomID:      e.RoomID,
			StartDate:   in.StartDate,
			FundedHours: in.FundedHours,
		})
	})
	if err != nil {
		if relErr := s.q.ReleaseRoomPlace(context.WithoutCancel(ctx), in.RoomID); relErr != nil {
			s.log.ErrorContext(ctx, "could not release room place", "room_id", in.RoomID, "err", relErr)
		}
		return db.Enrolment{}, err
	}
	return out, nil
}

type welcomeData struct {
	FamilyName string
	ChildName  string
	RoomName   string
	StartDate  string
}

// OnConfirmed sends the welcome pack email and records the funded-hours
// entitlement for the enrolment's first term.
func (s *Service) OnConfirmed(ctx context.Context, ev events.EnrolmentConfirmed) error {
	enr, err := s.q.GetEnrolment(ctx, ev.EnrolmentID)
	if err != nil {
		return apperr.NotFoundIfNoRows(err)
	}
	child, err := s.q.GetChild(ctx, enr.ChildID)
	if err != nil {
		return err
	}
	fam, err := s.q.GetFamily(ctx, child.FamilyID)
	if err != nil {
		return err
	}
	room, err := s.q.GetRoom(ctx, enr.RoomID)
	if err != nil {
		return err
	}

	data := welcomeData{
		FamilyName: fam.DisplayName,
		ChildName:  child.FirstName,
		RoomName:   room.Name,
		StartDate:  ev.StartDate.Format("Monday 2 January"),
	}
	if _, err := s.mailer.Mail(ctx, fam.PrimaryEmail, "welcome_subject", "welcome_body", data, "welcome"); err != nil {
		return fmt.Errorf("welcome email: %w", err)
	}

	if ev.FundedHours > 0 {
		if _, err := s.q.CreateFundingEntitlement(ctx, db.CreateFundingEntitlementParams{
			EnrolmentID:  enr.ID,
			Term:         TermFor(ev.StartDate),
			HoursPerWeek: hours(ev.FundedHours),
		}); err != nil {
			return fmt.Errorf("funding entitlement: %w", err)
		}
	}
	return s.q.MarkWelcomeSent(ctx, enr.ID)
}

// TermFor names the funding term a date falls in, e.g. "2026-autumn".
func TermFor(d time.Time) string {
	switch m := d.Month(); {
	case m >= time.September:
		return fmt.Sprintf("%d-autumn", d.Year())
	case m >= time.April:
		return fmt.Sprintf("%d-summer", d.Year())
	default:
		return fmt.Sprintf("%d-spring", d.Year())
	}
}

func hours(h float64) pgtype.Numeric {
	return pgtype.Numeric{Int: big.NewInt(int64(h * 100)), Exp: -2, Valid: true}
}
