// Package classes manages group-class bookings and waitlists.
package classes

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/apperr"
	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/tasks"
	"github.com/pulsefit/memberships/internal/txn"
)

var (
	ErrSessionFull   = apperr.Conflict("class is full")
	ErrSeatsOpen     = apperr.Conflict("class has open seats; book instead")
	ErrAlreadyBooked = apperr.Conflict("already booked")
)

type Service struct {
	pool  *pgxpool.Pool
	tx    txn.Runner
	queue tasks.Queue
	log   *slog.Logger
}

func NewService(pool *pgxpool.Pool, tx txn.Runner, queue tasks.Queue, log *slog.Logger) *Service {
	return &Service{pool: pool, tx: tx, queue: queue, log: log.With("component", "classes")}
}

type Booking struct {
	ID        uuid.UUID `json:"id"`
	SessionID uuid.UUID `json:"session_id"`
	MemberID  uuid.UUID `json:"member_id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

func toBooking(b db.ClassBooking) Booking {
	return Booking{ID: b.ID, SessionID: b.SessionID, MemberID: b.MemberID, Status: b.Status, CreatedAt: b.CreatedAt}
}

// Book reserves a seat. A member holds at most one booking per session, so a
// repeated request returns the existing booking.
func (s *Service) Book(ctx context.Context, sessionID, memberID uuid.UUID, source string) (Booking, error) {
	var out db.ClassBooking
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		sess, err := s.lockOpenSession(ctx, q, sessionID)
		if err != nil {
			return err
		}
		existing, err := q.GetClassBookingBySessionMember(ctx, db.GetClassBookingBySessionMemberParams{
			SessionID: sessionID, MemberID: memberID,
		})
		switch {
		case err == nil && existing.Status != "canceled":
			out = existing
			return nil
		case err != nil && !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		if sess.BookedCount >= sess.Capacity {
			return ErrSessionFull
		}
		if err == nil {
			// Re-booking after a cancellation reuses the row.
			n, err := q.ReactivateClassBooking(ctx, existing.ID)
			if err != nil {
				return err
			}
			if n == 1 {
				if err := q.AdjustBookedCount(ctx, db.AdjustBookedCountParams{ID: sessionID, Delta: 1}); err != nil {
					return err
				}
			}
			out, err = q.GetClassBooking(ctx, existing.ID)
			return err
		}
		out, err = q.InsertClassBooking(ctx, db.InsertClassBookingParams{
			ID:        ids.NewV7(),
			SessionID: sessionID,
			MemberID:  memberID,
			Source:    source,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			out, err = q.GetClassBookingBySessionMember(ctx, db.GetClassBookingBySessionMemberParams{
				SessionID: sessionID, MemberID: memberID,
			})
			return err
		}
		if err != nil {
			return err
		}
		return q.AdjustBookedCount(ctx, db.AdjustBookedCountParams{ID: sessionID, Delta: 1})
	})
	if err != nil {
		return Booking{}, err
	}
	return toBooking(out), nil
}

func (s *Service) lockOpenSession(ctx context.Context, q *db.Queries, sessionID uuid.UUID) (db.ClassSession, error) {
	sess, err := q.GetClassSessionForUpdate(ctx, sessionID)
	if errors.Is(err, pgx.ErrNoRows) {
		return sess, apperr.NotFound("class session")
	}
	if err != nil {
		return sess, err
	}
	if sess.Status != "scheduled" || !sess.StartsAt.After(time.Now()) {
		return sess, apperr.Conflict("class is not open for booking")
	}
	return sess, nil
}

// CancelBooking releases a seat, offers it to the waitlist and sends the
// member a cancellation receipt.
func (s *Service) CancelBooking(ctx context.Context, sessionID, bookingID, memberID uuid.UUID) error {
	var released bool
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		b, err := q.GetClassBooking(ctx, bookingID)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && (b.SessionID != sessionID || b.MemberID != memberID)) {
			return apperr.NotFound("booking")
		}
		if err != nil {
			return err
		}
		n, err := q.CancelClassBooking(ctx, db.CancelClassBookingParams{ID: bookingID, MemberID: memberID})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		released = true
		return q.AdjustBookedCount(ctx, db.AdjustBookedCountParams{ID: sessionID, Delta: -1})
	})
	if err != nil {
		return err
	}

	if released {
		if err := s.queue.Enqueue(ctx, tasks.TypePromoteWaitlist,
			tasks.PromoteWaitlistPayload{SessionID: sessionID, FreedBookingID: bookingID},
			tasks.Key("promote", bookingID.String()),
			asynq.Queue(tasks.QueueCritical),
		); err != nil {
			return err
		}
	}

	// Send the receipt even when the booking was already canceled: a previous
	// attempt may have committed without reaching the queue.
	return s.queue.Enqueue(ctx, tasks.TypeBookingCanceled,
		tasks.BookingCanceledPayload{BookingID: bookingID, MemberID: memberID, SessionID: sessionID},
		asynq.TaskID("booking-canceled-"+uuid.NewString()),
		asynq.Queue(tasks.QueueNotify),
	)
}

type WaitlistEntry struct {
	ID        string    `json:"id"`
	SessionID uuid.UUID `json:"session_id"`
	Position  int32     `json:"position"`
	Status    string    `json:"status"`
}

// JoinWaitlist queues the member for a full class.
func (s *Service) JoinWaitlist(ctx context.Context, sessionID, memberID uuid.UUID) (WaitlistEntry, error) {
	var entry db.WaitlistEntry
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		sess, err := s.lockOpenSession(ctx, q, sessionID)
		if err != nil {
			return err
		}
		if sess.BookedCount < sess.Capacity {
			return ErrSeatsOpen
		}
		b, err := q.GetClassBookingBySessionMember(ctx, db.GetClassBookingBySessionMemberParams{
			SessionID: sessionID, MemberID: memberID,
		})
		if err == nil && b.Status == "booked" {
			return ErrAlreadyBooked
		}
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		pos, err := q.NextWaitlistPosition(ctx, sessionID)
		if err != nil {
			return err
		}
		entry, err = q.InsertWaitlistEntry(ctx, db.InsertWaitlistEntryParams{
			ID:        ids.NewULID(),
			SessionID: sessionID,
			MemberID:  memberID,
			Position:  pos,
		})
		return err
	})
	if err != nil {
		return WaitlistEntry{}, err
	}
	return WaitlistEntry{ID: entry.ID, SessionID: entry.SessionID, Position: entry.Position, Status: entry.Status}, nil
}

// PromoteFromWaitlist gives the seat freed by one cancellation to the head of
// the waitlist. Each freed booking is promoted at most once.
func (s *Service) PromoteFromWaitlist(ctx context.Context, sessionID, freedBookingID uuid.UUID) error {
	var promoted *db.WaitlistEntry
	var bookingID uuid.UUID
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		sess, err := q.GetClassSessionForUpdate(ctx, sessionID)
		if err != nil {
			return err
		}
		claimed, err := q.ClaimWaitlistPromotion(ctx, db.ClaimWaitlistPromotionParams{
			FreedBookingID: freedBookingID, SessionID: sessionID,
		})
		if err != nil || claimed == 0 {
			return err
		}
		if sess.Status != "scheduled" || sess.BookedCount >= sess.Capacity {
			return nil
		}
		head, err := q.NextWaitingEntryForUpdate(ctx, sessionID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		bookingID, err = q.UpsertBookingFromWaitlist(ctx, db.UpsertBookingFromWaitlistParams{
			ID: ids.NewV7(), SessionID: sessionID, MemberID: head.MemberID,
		})
		if err != nil {
			return err
		}
		if err := q.MarkWaitlistPromoted(ctx, head.ID); err != nil {
			return err
		}
		if err := q.AdjustBookedCount(ctx, db.AdjustBookedCountParams{ID: sessionID, Delta: 1}); err != nil {
			return err
		}
		promoted = &head
		return q.SetPromotionResult(ctx, db.SetPromotionResultParams{
			FreedBookingID: freedBookingID, WaitlistEntryID: head.ID, BookingID: bookingID,
		})
	})
	if err != nil || promoted == nil {
		return err
	}
	s.log.Info("waitlist promoted", "session", sessionID, "entry", promoted.ID, "booking", bookingID)
	return s.queue.Enqueue(ctx, tasks.TypeClassReminder,
		tasks.ClassReminderPayload{BookingID: bookingID},
		tasks.Key("reminder", bookingID.String()),
		asynq.Queue(tasks.QueueNotify),
	)
}

// BookingsStartingBetween lists booked seats for classes in the window.
func (s *Service) BookingsStartingBetween(ctx context.Context, from, to time.Time) ([]db.ClassBooking, error) {
	return db.New(s.pool).ListBookingsStartingBetween(ctx, db.ListBookingsStartingBetweenParams{From: from, To: to})
}
