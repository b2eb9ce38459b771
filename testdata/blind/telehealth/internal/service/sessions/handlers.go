package sessions

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/kafkax"
	"github.com/carelink/telehealth/internal/store"
)

const consumerName = "session-consumer"

// Handlers holds the dependencies of the session event handlers.
type Handlers struct {
	DB        *sqlx.DB
	Appts     *store.AppointmentRepo
	Copays    *store.CopayRepo
	Sessions  *store.SessionRepo
	Billing   *store.BillingRepo
	Processed *store.ProcessedRepo
	Refunds   RefundOpener
	Log       *slog.Logger

	// FacilityFeeCents is billed per completed session.
	FacilityFeeCents int64
}

// RefundOpener opens and executes copay refunds.
type RefundOpener interface {
	Open(ctx context.Context, tx *sqlx.Tx, c *domain.Copay, reason, actor string) (*domain.CopayRefund, error)
	Execute(ctx context.Context, rf *domain.CopayRefund) (*domain.CopayRefund, error)
	Resume(ctx context.Context, copayID uuid.UUID) (*domain.CopayRefund, error)
}

// Register adds every session handler to r.
func (h *Handlers) Register(r *kafkax.Router) {
	r.Handle(TypeSessionEnded, decoded(h.sessionEnded))
	r.Handle(TypeParticipantJoined, decoded(h.participantJoined))
	r.Handle(TypeProviderNoShow, decoded(h.providerNoShow))
}

// decoded adapts a typed handler to the router.
func decoded[T any](fn func(ctx context.Context, env kafkax.Envelope, data T) error) kafkax.HandlerFunc {
	return func(ctx context.Context, env kafkax.Envelope) error {
		var data T
		if err := env.Decode(&data); err != nil {
			return fmt.Errorf("decode %s %s: %w", env.Type, env.ID, err)
		}
		return fn(ctx, env, data)
	}
}

func parseAppt(s string) (uuid.UUID, error) {
	id, ok := ids.ParseUUID(s)
	if !ok {
		return uuid.Nil, fmt.Errorf("bad appointment id %q: %w", s, domain.ErrInvalidArgument)
	}
	return id, nil
}

// sessionEnded records the session's duration and bills the facility fee.
func (h *Handlers) sessionEnded(ctx context.Context, env kafkax.Envelope, d SessionEnded) error {
	seen, err := h.Processed.Seen(ctx, consumerName, env.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	apptID, err := parseAppt(d.AppointmentID)
	if err != nil {
		return err
	}
	minBillable := 2 * time.Minute
	err = db.InTx(ctx, h.DB, func(tx *sqlx.Tx) error {
		if err := h.Sessions.EndSession(ctx, tx, d.SessionID, apptID, d.RoomID, d.StartedAt, d.EndedAt, d.EndReason); err != nil {
			return err
		}
		if d.EndedAt.Sub(d.StartedAt) < minBillable || d.Participants < 2 {
			return nil
		}
		return h.Billing.AddLine(ctx, tx, &store.BillingLine{
			ID:            ids.Prefixed("bl"),
			AppointmentID: apptID,
			Code:          "Q3014",
			Units:         1,
			AmountCents:   h.FacilityFeeCents,
			Source:        "video:" + d.SessionID,
		})
	})
	if err != nil {
		return err
	}
	return h.Processed.Mark(ctx, consumerName, env.ID)
}

// participantJoined stores attendance and the clinician's first join time.
func (h *Handlers) participantJoined(ctx context.Context, env kafkax.Envelope, d ParticipantJoined) error {
	apptID, err := parseAppt(d.AppointmentID)
	if err != nil {
		return err
	}
	return db.InTx(ctx, h.DB, func(tx *sqlx.Tx) error {
		if err := h.Sessions.AddAttendance(ctx, tx, &store.Attendance{
			SessionID:     d.SessionID,
			ParticipantID: d.ParticipantID,
			Role:          d.Role,
			AppointmentID: apptID,
			JoinedAt:      d.JoinedAt,
		}); err != nil {
			return err
		}
		if d.Role != "host" && d.Role != "provider" {
			return nil
		}
		return h.Appts.SetProviderJoined(ctx, tx, apptID, d.JoinedAt)
	})
}

// providerNoShow marks the appointment and refunds the patient's copay.
func (h *Handlers) providerNoShow(ctx context.Context, env kafkax.Envelope, d ProviderNoShow) error {
	apptID, err := parseAppt(d.AppointmentID)
	if err != nil {
		return err
	}
	var (
		refund  *domain.CopayRefund
		copayID uuid.UUID
	)
	err = db.InTx(ctx, h.DB, func(tx *sqlx.Tx) error {
		first, err := h.Processed.Claim(ctx, tx, consumerName, env.ID)
		if err != nil || !first {
			return err
		}
		marked, err := h.Appts.MarkProviderNoShow(ctx, tx, apptID)
		if err != nil || !marked {
			return err
		}
		c, err := h.Copays.ByAppointment(ctx, tx, apptID)
		if err == domain.ErrNotFound {
			return nil
		}
		if err != nil {
			return err
		}
		copayID = c.ID
		if c.Status != domain.CopaySucceeded {
			return nil
		}
		refund, err = h.Refunds.Open(ctx, tx, c, "provider_no_show", "system:noshow")
		return err
	})
	if err != nil {
		return err
	}
	if refund != nil {
		_, err = h.Refunds.Execute(ctx, refund)
		return err
	}
	if copayID == uuid.Nil {
		c, err := h.Copays.ByAppointment(ctx, h.DB, apptID)
		if err == domain.ErrNotFound {
			return nil
		}
		if err != nil {
			return err
		}
		copayID = c.ID
	}
	_, err = h.Refunds.Resume(ctx, copayID)
	return err
}
