package examresults

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/xid"

	"github.com/lingua/academy/internal/notify"
	"github.com/lingua/academy/internal/platform/fanout"
	"github.com/lingua/academy/internal/store"
)

// Publisher is the JetStream publish call used for our own events.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload []byte, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error)
}

// Outbound subjects consumed by finance and the student portal.
const (
	SubjectPlacementConfirmed = "academy.placement.confirmed"
	SubjectPlacementNoShow    = "academy.placement.noshow"
)

// ResultPublished is sent when a candidate's result is released.
type ResultPublished struct {
	ResultID    string    `json:"result_id"`
	BookingRef  string    `json:"booking_reference"`
	CEFRLevel   string    `json:"cefr_level"`
	Score       int       `json:"score"`
	PublishedAt time.Time `json:"published_at"`
}

// SessionCancelled is sent when the centre cancels a session.
type SessionCancelled struct {
	SessionID string `json:"session_id"`
	Reason    string `json:"reason"`
}

// BookingConfirmed is sent when the centre confirms a seat.
type BookingConfirmed struct {
	BookingRef  string    `json:"booking_reference"`
	ConfirmedAt time.Time `json:"confirmed_at"`
}

// CandidateAbsent is sent when a candidate did not attend.
type CandidateAbsent struct {
	BookingRef string    `json:"booking_reference"`
	SessionID  string    `json:"session_id"`
	RecordedAt time.Time `json:"recorded_at"`
}

// Handlers holds the per-subject logic.
type Handlers struct {
	Store     store.Store
	Notifier  notify.Notifier
	Publisher Publisher
	School    string
	Log       *slog.Logger
}

// Routes returns the subject table for the consumer.
func (h *Handlers) Routes() []Route {
	return []Route{
		{Subject: SubjectResultPublished, Handle: Decode(h.resultPublished)},
		{Subject: SubjectSessionCancelled, Handle: Decode(h.sessionCancelled)},
		{Subject: SubjectBookingConfirmed, Handle: Decode(h.bookingConfirmed)},
		{Subject: SubjectCandidateAbsent, Handle: Decode(h.candidateAbsent)},
	}
}

func (h *Handlers) resultPublished(ctx context.Context, evt ResultPublished) error {
	booking, err := h.Store.GetBookingByCentreRef(ctx, evt.BookingRef)
	if errors.Is(err, store.ErrNotFound) {
		return errors.Join(ErrPoison, fmt.Errorf("unknown booking %s", evt.BookingRef))
	}
	if err != nil {
		return err
	}
	return h.Store.InTx(ctx, func(q store.Querier) error {
		if err := q.InsertPlacementResult(ctx, store.PlacementResult{
			BookingID:      booking.ID,
			CentreResultID: evt.ResultID,
			CEFRLevel:      evt.CEFRLevel,
			Score:          evt.Score,
			PublishedAt:    evt.PublishedAt,
		}); err != nil {
			return err
		}
		if err := q.SetStudentLevel(ctx, booking.StudentID, evt.CEFRLevel); err != nil {
			return err
		}
		return q.SetPlacementBookingStatus(ctx, booking.ID, "completed")
	})
}

func (h *Handlers) sessionCancelled(ctx context.Context, evt SessionCancelled) error {
	session, err := h.Store.GetExamSessionByCentreID(ctx, evt.SessionID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if session.Status == "cancelled" {
		return nil
	}
	contacts, err := h.Store.ListBookedForSession(ctx, session.ID)
	if err != nil {
		return err
	}
	subject := "Your placement test has been cancelled"
	when := session.StartsAt.Format("Monday 2 January, 15:04")
	err = fanout.Each(ctx, contacts, 4, func(ctx context.Context, c store.BookingContact) error {
		body := fmt.Sprintf(`<p>Dear %s,</p><p>The exam centre has cancelled the placement test on %s at %s (%s).</p>
<p>Your booking has been released at no cost. Reception will offer you a new date.</p><p>%s</p>`,
			c.FullName, when, session.Venue, evt.Reason, h.School)
		_, err := h.Notifier.Email(ctx, c.Email, subject, body, notify.WithTag("kind", "session_cancelled"))
		return err
	})
	if err != nil {
		return err
	}
	return h.Store.MarkSessionCancelled(ctx, session.ID, evt.Reason, len(contacts))
}

func (h *Handlers) bookingConfirmed(ctx context.Context, evt BookingConfirmed) error {
	booking, err := h.Store.ConfirmBookingByCentreRef(ctx, evt.BookingRef, evt.ConfirmedAt)
	if errors.Is(err, store.ErrNotFound) {
		h.Log.WarnContext(ctx, "confirmation for unknown or closed booking", "ref", evt.BookingRef)
		return nil
	}
	if err != nil {
		return err
	}
	payload, _ := json.Marshal(map[string]any{
		"booking_id":   booking.ID,
		"student_id":   booking.StudentID,
		"session_id":   booking.SessionID,
		"confirmed_at": booking.ConfirmedAt,
	})
	_, err = h.Publisher.Publish(ctx, SubjectPlacementConfirmed, payload,
		jetstream.WithMsgID("placement-confirmed-"+booking.ID))
	return err
}

func (h *Handlers) candidateAbsent(ctx context.Context, evt CandidateAbsent) error {
	booking, err := h.Store.MarkBookingNoShow(ctx, evt.BookingRef)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	// Finance charges the no-show fee from this event.
	payload, _ := json.Marshal(map[string]any{
		"booking_id":  booking.ID,
		"student_id":  booking.StudentID,
		"session_id":  booking.SessionID,
		"recorded_at": evt.RecordedAt,
	})
	_, err = h.Publisher.Publish(ctx, SubjectPlacementNoShow, payload,
		jetstream.WithMsgID("noshow-"+xid.New().String()))
	return err
}
