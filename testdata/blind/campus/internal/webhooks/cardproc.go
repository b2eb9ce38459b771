// Package webhooks receives provider callbacks: card processor events and
// payout transfer status.
package webhooks

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/providers/cardproc"
	"github.com/quadhall/housing/internal/store"
)

// SignatureVerifier checks processor webhook signatures.
type SignatureVerifier interface {
	VerifySignature(payload []byte, header string, now time.Time) error
}

// RefundApplier reverses a refunded meal-plan top-up.
type RefundApplier interface {
	ApplyProcessorRefund(ctx context.Context, q db.Querier, chargeID string, amountCents int64) error
}

// CardHandler handles POST /webhooks/cardproc.
type CardHandler struct {
	verifier             SignatureVerifier
	q                    db.Querier
	tx                   store.Transactor
	meals                RefundApplier
	jobs                 jobs.Enqueuer
	log                  *slog.Logger
	studentServicesEmail string

	handlers map[string]func(context.Context, cardproc.Event) error
}

// StudentServicesEmail is where dispute notices go.
type StudentServicesEmail string

// NewCardHandler returns a CardHandler.
func NewCardHandler(v SignatureVerifier, q db.Querier, tx store.Transactor, meals RefundApplier,
	enq jobs.Enqueuer, log *slog.Logger, to StudentServicesEmail) *CardHandler {
	h := &CardHandler{verifier: v, q: q, tx: tx, meals: meals, jobs: enq, log: log, studentServicesEmail: string(to)}
	h.handlers = map[string]func(context.Context, cardproc.Event) error{
		"charge.refunded":        h.onChargeRefunded,
		"charge.dispute.created": h.onDisputeCreated,
	}
	return h
}

// Handle verifies and dispatches one delivery. Any non-2xx makes the
// processor redeliver with backoff for up to three days.
func (h *CardHandler) Handle(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 256<<10))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "read body")
	}
	if err := h.verifier.VerifySignature(body, c.Request().Header.Get("Cardproc-Signature"), time.Now()); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, err.Error())
	}
	var ev cardproc.Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad event")
	}
	fn, ok := h.handlers[ev.Type]
	if !ok {
		return c.NoContent(http.StatusNoContent)
	}
	if err := fn(c.Request().Context(), ev); err != nil {
		h.log.ErrorContext(c.Request().Context(), "card webhook failed", "event_id", ev.ID, "type", ev.Type, "err", err)
		return echo.NewHTTPError(http.StatusInternalServerError, "processing failed")
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *CardHandler) onChargeRefunded(ctx context.Context, ev cardproc.Event) error {
	var data cardproc.ChargeRefunded
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return fmt.Errorf("decode charge.refunded: %w", err)
	}
	return h.tx.InTx(ctx, func(ctx context.Context, _ *sql.Tx, q db.Querier) error {
		claimed, err := q.ClaimCardWebhookEvent(ctx, db.ClaimCardWebhookEventParams{EventID: ev.ID, EventType: ev.Type})
		if err != nil {
			return err
		}
		if claimed == 0 {
			return nil
		}
		return h.meals.ApplyProcessorRefund(ctx, q, data.ChargeID, data.AmountCents)
	})
}

// onDisputeCreated records the chargeback, tells student accounts and
// freezes the meal plan until the dispute is resolved.
func (h *CardHandler) onDisputeCreated(ctx context.Context, ev cardproc.Event) error {
	var data cardproc.DisputeCreated
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return fmt.Errorf("decode dispute: %w", err)
	}
	topUp, err := h.q.GetTopUpByChargeID(ctx, data.ChargeID)
	if store.IsNotFound(err) {
		h.log.WarnContext(ctx, "dispute on non-meal-plan charge", "charge", data.ChargeID)
		return nil
	}
	if err != nil {
		return err
	}

	if err := h.q.InsertChargeback(ctx, db.InsertChargebackParams{
		ProcessorDisputeID: data.DisputeID,
		ProcessorChargeID:  data.ChargeID,
		StudentID:          topUp.StudentID,
		AmountCents:        data.AmountCents,
		Reason:             data.Reason,
	}); err != nil {
		return fmt.Errorf("insert chargeback: %w", err)
	}
	if _, err := h.jobs.Enqueue(ctx, jobs.SendEmailArgs{
		To:       h.studentServicesEmail,
		Template: "chargeback_opened",
		Ref:      data.DisputeID,
		Data:     map[string]any{"student_id": topUp.StudentID, "amount_cents": data.AmountCents, "reason": data.Reason},
	}, nil); err != nil {
		return err
	}
	return h.q.FreezeMealPlan(ctx, topUp.StudentID)
}
