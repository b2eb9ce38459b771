package bookings

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/webhookout"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
)

// TaskHandlers processes booking background jobs.
type TaskHandlers struct {
	store     store.Store
	webhooks  webhookout.Sender
	noShowFee int64
	log       *slog.Logger
}

// NewTaskHandlers builds the booking task handlers.
func NewTaskHandlers(s store.Store, wh webhookout.Sender, noShowFeeCents int64, log *slog.Logger) *TaskHandlers {
	return &TaskHandlers{store: s, webhooks: wh, noShowFee: noShowFeeCents, log: log}
}

// Registrations lists the task types served by this package.
func (h *TaskHandlers) Registrations() []tasks.Registration {
	return []tasks.Registration{
		{Type: tasks.TypeReleaseNoShow, Handler: tasks.Handle(h.ReleaseNoShow)},
		{Type: tasks.TypeCompanyNotify, Handler: tasks.Handle(h.NotifyCompany)},
	}
}

// ReleaseNoShow frees a room whose booker never checked in, records a
// no-show against the member and raises the no-show fee.
func (h *TaskHandlers) ReleaseNoShow(ctx context.Context, p tasks.BookingPayload) error {
	b, err := h.store.GetRoomBooking(ctx, p.BookingID)
	if store.IsNotFound(err) {
		return fmt.Errorf("booking %s: %w", p.BookingID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if b.CheckedIn || b.Status != "confirmed" {
		return nil
	}

	n, err := h.store.ReleaseRoomBooking(ctx, b.ID)
	if err != nil {
		return fmt.Errorf("release booking: %w", err)
	}
	if n == 0 {
		return nil
	}
	if err := h.store.IncrementNoShowCount(ctx, b.MemberID); err != nil {
		return fmt.Errorf("count no-show: %w", err)
	}
	if err := h.store.InsertMemberFee(ctx, db.InsertMemberFeeParams{
		ID:          idgen.NewID(),
		MemberID:    b.MemberID,
		BookingID:   uuid.NullUUID{UUID: b.ID, Valid: true},
		Reason:      "no_show",
		AmountCents: h.noShowFee,
	}); err != nil {
		return fmt.Errorf("raise no-show fee: %w", err)
	}
	h.log.InfoContext(ctx, "released no-show booking", "booking_id", b.ID, "member_id", b.MemberID)
	return nil
}

// NotifyCompany posts a booking notification to the member's company
// webhook, if the company configured one.
func (h *TaskHandlers) NotifyCompany(ctx context.Context, p tasks.CompanyNotifyPayload) error {
	company, err := h.store.GetCompany(ctx, p.CompanyID)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	}
	if !company.WebhookUrl.Valid || company.WebhookUrl.String == "" {
		return nil
	}
	b, err := h.store.GetRoomBooking(ctx, p.BookingID)
	if err != nil {
		return err
	}

	status, err := h.webhooks.Deliver(ctx, company.WebhookUrl.String, company.WebhookSecret.String, webhookout.Notification{
		Type:       p.Event,
		OccurredAt: b.CreatedAt,
		Data: map[string]any{
			"booking_id": b.ID,
			"member_id":  b.MemberID,
			"room_id":    b.RoomID,
			"starts_at":  b.StartsAt,
			"ends_at":    b.EndsAt,
			"attendees":  b.Attendees,
		},
	})
	if err != nil {
		return fmt.Errorf("deliver company webhook (status %d): %w", status, err)
	}

	return h.store.InsertCompanyWebhookDelivery(ctx, db.InsertCompanyWebhookDeliveryParams{
		ID:         idgen.NewID(),
		CompanyID:  company.ID,
		EventType:  p.Event,
		SubjectID:  b.ID.String(),
		StatusCode: int32(status),
	})
}
