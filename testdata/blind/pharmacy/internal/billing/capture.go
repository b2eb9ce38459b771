package billing

import (
	"context"
	"fmt"
	"strconv"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/provider/stripegw"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// CaptureCopay charges an autopay patient's saved card for an adjudicated
// order. It runs as the payments.capture_copay job; the Stripe idempotency
// key and the payment row ID are both derived from the job ID, which River
// keeps across attempts of the same job.
func (s *Service) CaptureCopay(ctx context.Context, orderID uuid.UUID, jobID int64) error {
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return fmt.Errorf("load order: %w", err)
	}
	if order.Status != "awaiting_payment" || order.CopayCents == 0 {
		return nil
	}
	patient, err := s.store.GetPatient(ctx, order.PatientID)
	if err != nil {
		return fmt.Errorf("load patient: %w", err)
	}
	if !patient.Autopay || !patient.StripeCustomerID.Valid || !patient.DefaultPaymentMethod.Valid {
		return nil
	}

	paymentID := "job_" + strconv.FormatInt(jobID, 10)
	if prev, err := s.store.GetPayment(ctx, paymentID); err == nil {
		// An earlier attempt of this job already recorded the outcome.
		if prev.Status != "pending" {
			return nil
		}
	} else if !store.IsNotFound(err) {
		return err
	}
	intent, err := s.gateway.CreatePaymentIntent(ctx, stripegw.PaymentIntentInput{
		OrderID:       order.ID.String(),
		PaymentID:     paymentID,
		CustomerID:    patient.StripeCustomerID.String,
		PaymentMethod: patient.DefaultPaymentMethod.String,
		AmountCents:   order.CopayCents,
		Currency:      order.Currency,
		Description:   "Autopay copay for order " + order.ID.String(),
	}, stripegw.WithIdempotencyKey("copay-capture-"+strconv.FormatInt(jobID, 10)))
	if err != nil {
		return fmt.Errorf("capture copay: %w", err)
	}

	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		status := mapIntentStatus(intent.Status)
		if _, err := q.CreatePayment(ctx, db.CreatePaymentParams{
			ID:          paymentID,
			OrderID:     order.ID,
			Source:      "autopay",
			AmountCents: order.CopayCents,
			Currency:    order.Currency,
		}); err != nil {
			return err
		}
		if err := q.UpdatePaymentIntent(ctx, db.UpdatePaymentIntentParams{
			ID:                    paymentID,
			StripePaymentIntentID: store.Text(intent.ID),
			Status:                status,
			FailureCode:           store.Text(intent.FailureCode),
		}); err != nil {
			return err
		}
		if status != "succeeded" {
			return nil
		}
		paid, err := q.TransitionOrderStatus(ctx, db.TransitionOrderStatusParams{ID: order.ID, FromStatus: "awaiting_payment", ToStatus: "paid"})
		if store.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := s.jobs.InsertTx(ctx, tx, tasks.FulfilOrderArgs{OrderID: order.ID}, nil); err != nil {
			return err
		}
		return queuePaymentReceived(ctx, q, tx, s.jobs, paid, order.CopayCents)
	})
}
