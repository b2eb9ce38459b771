// Package booking handles session bookings and session swaps.
package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/notify"
	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
	"github.com/acornlane-childcare/nursery/internal/provider/sms"
)

// Sessions offered at every site.
const (
	SessionMorning   = "am"
	SessionAfternoon = "pm"
	SessionFullDay   = "full"
)

// Options configures the service.
type Options struct {
	// FeeFor returns the fee in pence for a session on a date. It defaults to
	// the standard tariff.
	FeeFor func(session string, date time.Time) (int64, error)
}

// Texter sends SMS messages to parents.
type Texter interface {
	Text(ctx context.Context, to, body, ref string) (sms.Receipt, error)
}

type Service struct {
	q      *db.Queries
	tx     pgtx.Transactor
	events events.Publisher
	texter Texter
	feeFor func(session string, date time.Time) (int64, error)
	log    *slog.Logger
}

func NewService(q *db.Queries, tx pgtx.Transactor, pub events.Publisher, texter Texter, log *slog.Logger, opts Options) *Service {
	s := &Service{q: q, tx: tx, events: pub, texter: texter, feeFor: opts.FeeFor, log: log}
	if s.feeFor == nil {
		s.feeFor = StandardTariff
	}
	return s
}

// StandardTariff is the 2026/27 price list.
func StandardTariff(session string, date time.Time) (int64, error) {
	weekend := date.Weekday() == time.Saturday || date.Weekday() == time.Sunday
	if weekend {
		return 0, fmt.Errorf("%w: nurseries are closed at weekends", apperr.ErrInvalid)
	}
	switch session {
	case SessionMorning, SessionAfternoon:
		return 3850, nil
	case SessionFullDay:
		return 6900, nil
	default:
		return 0, fmt.Errorf("%w: unknown session %q", apperr.ErrInvalid, session)
	}
}

type BookInput struct {
	ChildID uuid.UUID
	RoomID  uuid.UUID
	Date    time.Time
	Session string
}

// Book books a session. A child has at most one active booking per date and
// session, so booking the same slot again returns the existing booking and
// created=false.
func (s *Service) Book(ctx context.Context, in BookInput) (b db.Booking, created bool, err error) {
	fee, err := s.feeFor(in.Session, in.Date)
	if err != nil {
		return db.Booking{}, false, err
	}
	q := pgtx.Q(ctx, s.q)
	date := pgtype.Date{Time: in.Date, Valid: true}
	b, err = q.CreateBooking(ctx, db.CreateBookingParams{
		ID:          uuid.New(),
		ChildID:     in.ChildID,
		RoomID:      in.RoomID,
		SessionDate: date,
		Session:     in.Session,
		FeePence:    fee,
	})
	if errors.Is(err, pgx.ErrNoRows) {
		b, err = q.GetActiveBookingBySlot(ctx, db.GetActiveBookingBySlotParams{
			ChildID: in.ChildID, SessionDate: date, Session: in.Session,
		})
		return b, false, err
	}
	if err != nil {
		return db.Booking{}, false, fmt.Errorf("create booking: %w", err)
	}
	return b, true, nil
}

type SwapInput struct {
	NewDate    time.Time
	NewSession string
	Reason     string
}

// Swap moves a booked session to another date or session.
func (s *Service) Swap(ctx context.Context, fromID uuid.UUID, in SwapInput) (db.Booking, error) {
	from, err := s.q.GetBooking(ctx, fromID)
	if err != nil {
		return db.Booking{}, apperr.NotFoundIfNoRows(err)
	}
	if from.Status != "booked" {
		return db.Booking{}, fmt.Errorf("%w: booking is %s", apperr.ErrConflict, from.Status)
	}

	n, err := s.q.CancelBooking(ctx, from.ID)
	if err != nil {
		return db.Booking{}, fmt.Errorf("cancel booking: %w", err)
	}
	if n == 0 {
		return db.Booking{}, fmt.Errorf("%w: booking was changed by someone else", apperr.ErrConflict)
	}

	to, _, err := s.Book(ctx, BookInput{
		ChildID: from.ChildID,
		RoomID:  from.RoomID,
		Date:    in.NewDate,
		Session: in.NewSession,
	})
	if err != nil {
		return db.Booking{}, err
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := pgtx.Q(ctx, s.q).CreateBookingSwap(ctx, db.CreateBookingSwapParams{
			FromBookingID: from.ID,
			ToBookingID:   to.ID,
			Reason:        in.Reason,
		}); err != nil {
			return err
		}
		return s.events.Publish(ctx, events.TopicBookingSwapped, events.BookingSwapped{
			FromBookingID: from.ID,
			ToBookingID:   to.ID,
			ChildID:       from.ChildID,
			NewDate:       in.NewDate,
			NewSession:    in.NewSession,
		})
	})
	if err != nil {
		return db.Booking{}, fmt.Errorf("record swap: %w", err)
	}
	return to, nil
}

// OnSwapped texts the parent to confirm a swap.
func (s *Service) OnSwapped(ctx context.Context, ev events.BookingSwapped) error {
	child, err := s.q.GetChild(ctx, ev.ChildID)
	if err != nil {
		return err
	}
	fam, err := s.q.GetFamily(ctx, child.FamilyID)
	if err != nil {
		return err
	}
	body, err := notify.Render("swap_confirmed_sms", map[string]string{
		"ChildName": child.FirstName,
		"Session":   sessionName(ev.NewSession),
		"Date":      ev.NewDate.Format("Mon 2 Jan"),
	})
	if err != nil {
		return err
	}
	// One confirmation per swap: the swap is keyed by the booking it moved.
	ref := "swap-" + ev.FromBookingID.String()
	r, err := s.texter.Text(ctx, fam.PrimaryPhone, body, ref)
	if err != nil {
		return fmt.Errorf("swap confirmation: %w", err)
	}
	s.log.InfoContext(ctx, "swap confirmation sent", "message_id", r.MessageID, "duplicate", r.Duplicate)
	return nil
}

func sessionName(s string) string {
	switch s {
	case SessionMorning:
		return "morning"
	case SessionAfternoon:
		return "afternoon"
	default:
		return "full-day"
	}
}
