// Package instalments collects instalments and reminds students about them.
package instalments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/lingua/academy/internal/billing"
	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/store"
)

// PayNowInput is the path of POST /v1/instalments/:id/pay.
type PayNowInput struct {
	InstalmentID string `params:"id"`
}

// PaymentView is the result of a collection attempt.
type PaymentView struct {
	InstalmentID    string `json:"instalment_id"`
	AttemptID       string `json:"attempt_id,omitempty"`
	Status          string `json:"status"`
	PaymentIntentID string `json:"payment_intent_id,omitempty"`
	DeclineCode     string `json:"decline_code,omitempty"`
}

// Collector charges instalments against the student's saved card.
type Collector struct {
	store    store.Store
	payments billing.PaymentGateway
	log      *slog.Logger
	now      func() time.Time
}

// NewCollector builds a Collector.
func NewCollector(st store.Store, pg billing.PaymentGateway, log *slog.Logger) *Collector {
	return &Collector{store: st, payments: pg, log: log, now: time.Now}
}

func chargeRequest(due store.DueInstalment) billing.ChargeRequest {
	return billing.ChargeRequest{
		CustomerID:      due.StripeCustomerID,
		PaymentMethodID: due.DefaultPaymentMethod,
		AmountCents:     due.AmountCents,
		Currency:        due.Currency,
		Description:     fmt.Sprintf("%s – instalment %d", due.CourseTitle, due.Seq),
		Metadata: map[string]string{
			"instalment_id": due.ID,
			"enrolment_id":  due.EnrolmentID,
			"student_id":    due.StudentID,
		},
	}
}

// PayNow charges an instalment immediately, typically when a student asks
// the front desk to settle early.
func (c *Collector) PayNow(ctx context.Context, in PayNowInput) (PaymentView, error) {
	due, err := c.store.GetDueInstalment(ctx, in.InstalmentID)
	if errors.Is(err, store.ErrNotFound) {
		return PaymentView{}, httpx.NotFound("instalment not found")
	}
	if err != nil {
		return PaymentView{}, err
	}
	if due.Status == store.InstalmentPaid {
		return PaymentView{InstalmentID: due.ID, Status: "paid", PaymentIntentID: due.PaymentIntentID}, nil
	}
	if due.Status == store.InstalmentCancelled {
		return PaymentView{}, httpx.Conflict("instalment was cancelled")
	}
	if due.StripeCustomerID == "" || due.DefaultPaymentMethod == "" {
		return PaymentView{}, httpx.Unprocessable("student has no saved card")
	}

	attempt, err := c.store.UpsertLivePaymentAttempt(ctx, store.PaymentAttempt{
		ID:           "pa_" + xid.New().String(),
		InstalmentID: due.ID,
		Source:       "front_desk",
		AmountCents:  due.AmountCents,
	})
	if err != nil {
		return PaymentView{}, err
	}
	if attempt.Status == "succeeded" {
		return PaymentView{InstalmentID: due.ID, AttemptID: attempt.ID, Status: "paid",
			PaymentIntentID: attempt.PaymentIntentID}, nil
	}

	req := chargeRequest(due)
	req.IdempotencyKey = "instalment-attempt-" + attempt.ID
	charge, chargeErr := c.payments.ChargeOffSession(ctx, req)
	if chargeErr != nil && !errors.Is(chargeErr, billing.ErrCardDeclined) {
		return PaymentView{}, chargeErr
	}
	if err := c.recordCharge(ctx, attempt.ID, due.ID, charge); err != nil {
		return PaymentView{}, err
	}
	return PaymentView{InstalmentID: due.ID, AttemptID: attempt.ID, Status: charge.Status,
		PaymentIntentID: charge.PaymentIntentID, DeclineCode: charge.DeclineCode}, nil
}

// ChargeDue collects a scheduled instalment; it is run by the
// charge_instalment job on the due date.
func (c *Collector) ChargeDue(ctx context.Context, instalmentID string) (billing.Charge, error) {
	due, err := c.store.GetDueInstalment(ctx, instalmentID)
	if err != nil {
		return billing.Charge{}, err
	}
	if due.Status != store.InstalmentScheduled && due.Status != store.InstalmentOverdue {
		c.log.InfoContext(ctx, "instalment no longer due", "instalment", due.ID, "status", due.Status)
		return billing.Charge{Status: due.Status, PaymentIntentID: due.PaymentIntentID}, nil
	}
	if due.StripeCustomerID == "" || due.DefaultPaymentMethod == "" {
		return billing.Charge{}, fmt.Errorf("instalment %s: student has no saved card", due.ID)
	}

	// Any attempt left pending by an earlier run is superseded by this one.
	attempt := store.PaymentAttempt{
		ID:           uuid.NewString(),
		InstalmentID: due.ID,
		Source:       "schedule",
		Status:       "pending",
		AmountCents:  due.AmountCents,
	}
	err = c.store.InTx(ctx, func(q store.Querier) error {
		if _, err := q.SupersedePendingAttempts(ctx, due.ID); err != nil {
			return err
		}
		return q.InsertPaymentAttempt(ctx, attempt)
	})
	if err != nil {
		return billing.Charge{}, err
	}

	req := chargeRequest(due)
	req.IdempotencyKey = "instalment-attempt-" + attempt.ID
	charge, chargeErr := c.payments.ChargeOffSession(ctx, req)
	if chargeErr != nil && !errors.Is(chargeErr, billing.ErrCardDeclined) {
		return billing.Charge{}, chargeErr
	}
	if err := c.recordCharge(ctx, attempt.ID, due.ID, charge); err != nil {
		return billing.Charge{}, err
	}
	return charge, nil
}

func (c *Collector) recordCharge(ctx context.Context, attemptID, instalmentID string, charge billing.Charge) error {
	return c.store.InTx(ctx, func(q store.Querier) error {
		switch {
		case charge.Succeeded():
			if err := q.MarkAttemptResult(ctx, attemptID, "succeeded", charge.PaymentIntentID, ""); err != nil {
				return err
			}
			return q.MarkInstalmentPaid(ctx, instalmentID, charge.PaymentIntentID, c.now())
		case charge.Status == "declined":
			if err := q.MarkAttemptResult(ctx, attemptID, "failed", charge.PaymentIntentID, charge.DeclineCode); err != nil {
				return err
			}
			return q.MarkInstalmentOverdue(ctx, instalmentID)
		default:
			// processing / requires_action: the webhook settles it.
			return q.MarkAttemptResult(ctx, attemptID, "pending", charge.PaymentIntentID, "")
		}
	})
}
