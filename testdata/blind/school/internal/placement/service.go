// Package placement books placement tests at the partner exam centre.
package placement

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/lingua/academy/internal/examcentre"
	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/platform/reqctx"
	"github.com/lingua/academy/internal/store"
)

// SeatBooker is the part of the exam centre client the service uses.
type SeatBooker interface {
	BookSeat(ctx context.Context, req examcentre.SeatRequest) (examcentre.Seat, error)
	CancelSeat(ctx context.Context, reference, reason string) (examcentre.Seat, error)
	MoveSeat(ctx context.Context, reference, newSessionID string) (examcentre.Seat, error)
}

// Service manages placement test bookings.
type Service struct {
	store  store.Store
	centre SeatBooker
	log    *slog.Logger
}

// NewService builds the placement service.
func NewService(st store.Store, centre SeatBooker, log *slog.Logger) *Service {
	return &Service{store: st, centre: centre, log: log}
}

// BookInput is the body of POST /v1/placement-bookings.
type BookInput struct {
	StudentID string `json:"student_id"`
	SessionID string `json:"session_id"`
	Notes     string `json:"notes"`
}

func (in *BookInput) Validate() error {
	if in.StudentID == "" || in.SessionID == "" {
		return errors.New("student_id and session_id are required")
	}
	return nil
}

// BookingView is a booking in API responses.
type BookingView struct {
	ID        string `json:"id"`
	StudentID string `json:"student_id"`
	SessionID string `json:"session_id"`
	CentreRef string `json:"centre_reference"`
	Status    string `json:"status"`
	StartsAt  string `json:"starts_at,omitempty"`
	Room      string `json:"room,omitempty"`
	created   bool
}

func (v BookingView) CreatedResource() bool { return v.created }

func toView(b store.PlacementBooking) BookingView {
	return BookingView{ID: b.ID, StudentID: b.StudentID, SessionID: b.SessionID,
		CentreRef: b.CentreRef, Status: b.Status}
}

// Book reserves a seat for the student at the exam centre.
func (s *Service) Book(ctx context.Context, in BookInput) (BookingView, error) {
	student, err := s.store.GetStudent(ctx, in.StudentID)
	if errors.Is(err, store.ErrNotFound) {
		return BookingView{}, httpx.NotFound("student not found")
	}
	if err != nil {
		return BookingView{}, err
	}
	session, err := s.store.GetExamSession(ctx, in.SessionID)
	if errors.Is(err, store.ErrNotFound) {
		return BookingView{}, httpx.NotFound("exam session not found")
	}
	if err != nil {
		return BookingView{}, err
	}
	if session.Status != "open" || session.StartsAt.Before(time.Now().Add(24*time.Hour)) {
		return BookingView{}, httpx.Conflict("session is not open for booking")
	}

	opKey := xid.New().String()
	ctx = reqctx.WithIdempotencyKey(ctx, "seat-"+opKey)
	seat, err := s.centre.BookSeat(ctx, examcentre.SeatRequest{
		SessionID: session.CentreSessionID,
		Candidate: examcentre.Candidate{
			ExternalID:  student.ID,
			FullName:    student.FullName,
			Email:       student.Email,
			Nationality: student.Nationality,
			DocumentNo:  student.PassportNumber,
		},
		Notes: in.Notes,
	})
	if errors.Is(err, examcentre.ErrSessionFull) {
		return BookingView{}, httpx.Conflict("session is full")
	}
	if err != nil {
		return BookingView{}, err
	}

	b, err := s.store.UpsertPlacementBooking(ctx, store.PlacementBooking{
		ID:        "pb_" + opKey,
		StudentID: student.ID,
		SessionID: session.ID,
		CentreRef: seat.Reference,
		Status:    "booked",
		OpKey:     opKey,
	})
	if err != nil {
		return BookingView{}, err
	}
	v := toView(b)
	v.StartsAt = seat.StartsAt.Format(time.RFC3339)
	v.Room = seat.Room
	v.created = true
	return v, nil
}

// CancelInput is POST /v1/placement-bookings/:id/cancel.
type CancelInput struct {
	BookingID string `params:"id"`
	Reason    string `json:"reason"`
}

// Cancel releases the seat and marks the booking cancelled.
func (s *Service) Cancel(ctx context.Context, in CancelInput) (BookingView, error) {
	b, err := s.store.GetPlacementBooking(ctx, in.BookingID)
	if errors.Is(err, store.ErrNotFound) {
		return BookingView{}, httpx.NotFound("booking not found")
	}
	if err != nil {
		return BookingView{}, err
	}
	switch b.Status {
	case "cancelled":
		return toView(b), nil
	case "completed", "no_show":
		return BookingView{}, httpx.Conflict("booking is " + b.Status)
	}
	if b.CentreRef != "" {
		ctx = reqctx.WithIdempotencyKey(ctx, "cancel-"+b.ID)
		if _, err := s.centre.CancelSeat(ctx, b.CentreRef, in.Reason); err != nil {
			return BookingView{}, err
		}
	}
	if err := s.store.SetPlacementBookingStatus(ctx, b.ID, "cancelled"); err != nil {
		return BookingView{}, err
	}
	b.Status = "cancelled"
	return toView(b), nil
}

// RescheduleInput is POST /v1/placement-bookings/:id/reschedule.
type RescheduleInput struct {
	BookingID    string `params:"id"`
	NewSessionID string `json:"session_id"`
}

func (in *RescheduleInput) Validate() error {
	if in.NewSessionID == "" {
		return errors.New("session_id is required")
	}
	return nil
}

// Reschedule moves a booking to another session.
func (s *Service) Reschedule(ctx context.Context, in RescheduleInput) (BookingView, error) {
	b, err := s.store.GetPlacementBooking(ctx, in.BookingID)
	if errors.Is(err, store.ErrNotFound) {
		return BookingView{}, httpx.NotFound("booking not found")
	}
	if err != nil {
		return BookingView{}, err
	}
	if b.SessionID == in.NewSessionID {
		return toView(b), nil
	}
	if b.Status != "booked" && b.Status != "confirmed" {
		return BookingView{}, httpx.Conflict("booking is " + b.Status)
	}
	target, err := s.store.GetExamSession(ctx, in.NewSessionID)
	if errors.Is(err, store.ErrNotFound) {
		return BookingView{}, httpx.NotFound("exam session not found")
	}
	if err != nil {
		return BookingView{}, err
	}

	rs, err := s.store.InsertReschedule(ctx, store.PlacementReschedule{
		ID:           "rs_" + xid.New().String(),
		BookingID:    b.ID,
		NewSessionID: target.ID,
	})
	if err != nil {
		return BookingView{}, err
	}
	if rs.Status == "done" {
		b.SessionID, b.CentreRef = target.ID, rs.CentreRef
		return toView(b), nil
	}

	ctx = reqctx.WithIdempotencyKey(ctx, "move-"+rs.ID)
	seat, err := s.centre.MoveSeat(ctx, b.CentreRef, target.CentreSessionID)
	if err != nil {
		return BookingView{}, err
	}
	err = s.store.InTx(ctx, func(q store.Querier) error {
		if err := q.CompleteReschedule(ctx, rs.ID, seat.Reference); err != nil {
			return err
		}
		return q.MoveBooking(ctx, b.ID, target.ID, seat.Reference)
	})
	if err != nil {
		return BookingView{}, err
	}
	b.SessionID, b.CentreRef, b.Status = target.ID, seat.Reference, "booked"
	v := toView(b)
	v.StartsAt = seat.StartsAt.Format(time.RFC3339)
	v.Room = seat.Room
	return v, nil
}
