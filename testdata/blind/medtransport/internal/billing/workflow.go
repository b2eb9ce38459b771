// Package billing bills completed trips: it files the transport claim with
// the insurer, writes the clinic statement lines and charges any patient
// responsibility to the card on file. It runs as a Temporal workflow; every
// activity may be retried by Temporal under the policy below.
package billing

import (
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/carelift-health/nemt/internal/events"
)

const (
	WorkflowName = "TripBilling"

	ActLoadTrip          = "billing.LoadTrip"
	ActRecordClaim       = "billing.RecordClaim"
	ActSubmitClaim       = "billing.SubmitClaim"
	ActPostLedger        = "billing.PostLedgerEntries"
	ActChargePatientResp = "billing.ChargePatientResponsibility"
	ActMarkBilled        = "billing.MarkTripBilled"
	ActPublishBilled     = "billing.PublishTripBilled"

	errTypeNotBillable = "NotBillable"
)

type TripBillingInput struct {
	TripID uuid.UUID `json:"trip_id"`
}

type BillingResult struct {
	ClaimNumber      string `json:"claim_number,omitempty"`
	BilledCents      int64  `json:"billed_cents"`
	PatientRespCents int64  `json:"patient_resp_cents"`
	PaymentIntentID  string `json:"payment_intent_id,omitempty"`
}

func activityOptions() workflow.ActivityOptions {
	return workflow.ActivityOptions{
		StartToCloseTimeout: 45 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        5 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        10 * time.Minute,
			MaximumAttempts:        25,
			NonRetryableErrorTypes: []string{errTypeNotBillable},
		},
	}
}

// TripBillingWorkflow bills one trip.
func TripBillingWorkflow(ctx workflow.Context, in TripBillingInput) (*BillingResult, error) {
	ctx = workflow.WithActivityOptions(ctx, activityOptions())
	logger := workflow.GetLogger(ctx)

	var bc BillingContext
	if err := workflow.ExecuteActivity(ctx, ActLoadTrip, in).Get(ctx, &bc); err != nil {
		return nil, err
	}
	res := &BillingResult{BilledCents: bc.FareCents}

	if bc.PrivatePay {
		post := PostLedgerInput{TripID: bc.TripID, ClinicID: bc.ClinicID, BilledCents: bc.FareCents, AllowedCents: bc.FareCents}
		if err := workflow.ExecuteActivity(ctx, ActPostLedger, post).Get(ctx, nil); err != nil {
			return nil, err
		}
	} else {
		var ref ClaimRef
		if err := workflow.ExecuteActivity(ctx, ActRecordClaim, bc).Get(ctx, &ref); err != nil {
			return nil, err
		}
		var adj Adjudication
		if err := workflow.ExecuteActivity(ctx, ActSubmitClaim, SubmitClaimInput{Claim: ref, Trip: bc}).Get(ctx, &adj); err != nil {
			return nil, err
		}
		res.ClaimNumber, res.PatientRespCents = ref.ClaimNumber, adj.PatientRespCents

		post := PostLedgerInput{
			TripID:           bc.TripID,
			ClinicID:         bc.ClinicID,
			ClaimNumber:      ref.ClaimNumber,
			BilledCents:      bc.FareCents,
			AllowedCents:     adj.AllowedCents,
			PatientRespCents: adj.PatientRespCents,
		}
		if err := workflow.ExecuteActivity(ctx, ActPostLedger, post).Get(ctx, nil); err != nil {
			return nil, err
		}

		if adj.PatientRespCents > 0 && bc.PaymentMethodID != "" {
			charge := PatientChargeInput{
				TripID:          bc.TripID,
				ClaimNumber:     ref.ClaimNumber,
				CustomerID:      bc.StripeCustomerID,
				PaymentMethodID: bc.PaymentMethodID,
				AmountCents:     adj.PatientRespCents,
			}
			if err := workflow.ExecuteActivity(ctx, ActChargePatientResp, charge).Get(ctx, &res.PaymentIntentID); err != nil {
				// A failed card charge does not block billing; the clinic
				// collects the balance at the next visit.
				logger.Warn("patient responsibility charge failed", "trip", bc.TripID, "err", err)
			}
		}
	}

	if err := workflow.ExecuteActivity(ctx, ActMarkBilled, bc.TripID).Get(ctx, nil); err != nil {
		return nil, err
	}
	ev := events.TripBilled{TripID: bc.TripID, ClaimNumber: res.ClaimNumber, BilledCents: res.BilledCents}
	if err := workflow.ExecuteActivity(ctx, ActPublishBilled, ev).Get(ctx, nil); err != nil {
		return nil, err
	}
	return res, nil
}
