package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/carelift-health/nemt/internal/events"
	"github.com/carelift-health/nemt/internal/ledger"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/provider/insurer"
	"github.com/carelift-health/nemt/internal/provider/stripepay"
)

type TripStore interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Trip, error)
	MarkBilled(ctx context.Context, tripID uuid.UUID) (bool, error)
}

type RideReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Ride, error)
}

type PatientReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Patient, error)
}

type ClaimStore interface {
	Insert(ctx context.Context, c *models.Claim) error
	GetByNumber(ctx context.Context, number string) (*models.Claim, error)
	SetAdjudication(ctx context.Context, id uuid.UUID, partnerClaimID string, allowed, patientResp int64) error
}

type LedgerWriter interface {
	Append(ctx context.Context, entries ...*models.LedgerEntry) error
}

type ClaimsAPI interface {
	SubmitClaim(ctx context.Context, in insurer.ClaimRequest, opts ...insurer.RequestOption) (*insurer.ClaimResponse, error)
}

type CardCharger interface {
	ChargeCard(ctx context.Context, ch stripepay.Charge) (*stripepay.Result, error)
}

type EventPublisher interface {
	PublishJSON(ctx context.Context, subject, msgID string, v any) error
}

// Activities holds the dependencies of the billing activities.
type Activities struct {
	Trips    TripStore
	Rides    RideReader
	Patients PatientReader
	Claims   ClaimStore
	Ledger   LedgerWriter
	Insurer  ClaimsAPI
	Cards    CardCharger
	Events   EventPublisher
}

// BillingContext is everything the workflow needs to know about a trip.
type BillingContext struct {
	TripID           uuid.UUID `json:"trip_id"`
	ClinicID         uuid.UUID `json:"clinic_id"`
	FareCents        int64     `json:"fare_cents"`
	Miles            float64   `json:"miles"`
	ServiceDate      time.Time `json:"service_date"`
	PrivatePay       bool      `json:"private_pay"`
	InsurerID        string    `json:"insurer_id,omitempty"`
	MemberID         string    `json:"member_id,omitempty"`
	AuthNumber       string    `json:"auth_number,omitempty"`
	StripeCustomerID string    `json:"stripe_customer_id,omitempty"`
	PaymentMethodID  string    `json:"payment_method_id,omitempty"`
}

func (a *Activities) LoadTrip(ctx context.Context, in TripBillingInput) (*BillingContext, error) {
	trip, err := a.Trips.Get(ctx, in.TripID)
	if err != nil {
		return nil, err
	}
	if trip.Status != models.TripCompleted {
		return nil, temporal.NewNonRetryableApplicationError(
			fmt.Sprintf("trip %s is %s", trip.ID, trip.Status), errTypeNotBillable, nil)
	}
	ride, err := a.Rides.Get(ctx, trip.RideID)
	if err != nil {
		return nil, err
	}
	patient, err := a.Patients.Get(ctx, ride.PatientID)
	if err != nil {
		return nil, err
	}
	return &BillingContext{
		TripID:           trip.ID,
		ClinicID:         trip.ClinicID,
		FareCents:        trip.FareCents,
		Miles:            trip.Miles,
		ServiceDate:      ride.PickupAt,
		PrivatePay:       patient.PrivatePay,
		InsurerID:        patient.InsurerID,
		MemberID:         patient.MemberID,
		AuthNumber:       ride.AuthNumber,
		StripeCustomerID: patient.StripeCustomerID,
		PaymentMethodID:  patient.PaymentMethodID,
	}, nil
}

type ClaimRef struct {
	ClaimID     uuid.UUID `json:"claim_id"`
	ClaimNumber string    `json:"claim_number"`
}

// ClaimNumber is our claim control number for a trip: one claim per trip.
func ClaimNumber(tripID uuid.UUID) string {
	return "CLT" + strings.ToUpper(strings.ReplaceAll(tripID.String(), "-", "")[:20])
}

func (a *Activities) RecordClaim(ctx context.Context, bc *BillingContext) (*ClaimRef, error) {
	claim := &models.Claim{
		ID:          uuid.New(),
		TripID:      bc.TripID,
		ClaimNumber: ClaimNumber(bc.TripID),
		InsurerID:   bc.InsurerID,
		BilledCents: bc.FareCents,
		Status:      "draft",
	}
	if err := a.Claims.Insert(ctx, claim); err != nil {
		return nil, fmt.Errorf("record claim: %w", err)
	}
	return &ClaimRef{ClaimID: claim.ID, ClaimNumber: claim.ClaimNumber}, nil
}

type SubmitClaimInput struct {
	Claim ClaimRef       `json:"claim"`
	Trip  BillingContext `json:"trip"`
}

type Adjudication struct {
	PartnerClaimID   string `json:"partner_claim_id"`
	AllowedCents     int64  `json:"allowed_cents"`
	PatientRespCents int64  `json:"patient_resp_cents"`
}

func (a *Activities) SubmitClaim(ctx context.Context, in SubmitClaimInput) (*Adjudication, error) {
	claim, err := a.Claims.GetByNumber(ctx, in.Claim.ClaimNumber)
	if err != nil {
		return nil, err
	}
	if claim.Status == "adjudicated" && claim.AllowedCents != nil && claim.PatientRespCents != nil {
		return &Adjudication{PartnerClaimID: claim.PartnerClaimID, AllowedCents: *claim.AllowedCents, PatientRespCents: *claim.PatientRespCents}, nil
	}

	info := activity.GetInfo(ctx)
	resp, err := a.Insurer.SubmitClaim(ctx, insurer.ClaimRequest{
		ClaimNumber: claim.ClaimNumber,
		MemberID:    in.Trip.MemberID,
		AuthNumber:  in.Trip.AuthNumber,
		ServiceDate: in.Trip.ServiceDate,
		Lines: []insurer.ClaimLine{
			{Code: "A0130", Units: 1, ChargeCent: in.Trip.FareCents},
		},
	}, insurer.WithIdempotencyKey(claim.ClaimNumber), insurer.WithCorrelationID(info.WorkflowExecution.ID))
	if err != nil {
		var apiErr *insurer.APIError
		if errors.As(err, &apiErr) && !apiErr.Retryable() {
			return nil, temporal.NewNonRetryableApplicationError(apiErr.Error(), "ClaimRejected", err)
		}
		return nil, err
	}
	if err := a.Claims.SetAdjudication(ctx, claim.ID, resp.PartnerClaimID, resp.AllowedCents, resp.PatientRespCents); err != nil {
		return nil, err
	}
	return &Adjudication{PartnerClaimID: resp.PartnerClaimID, AllowedCents: resp.AllowedCents, PatientRespCents: resp.PatientRespCents}, nil
}

type PostLedgerInput struct {
	TripID           uuid.UUID `json:"trip_id"`
	ClinicID         uuid.UUID `json:"clinic_id"`
	ClaimNumber      string    `json:"claim_number,omitempty"`
	BilledCents      int64     `json:"billed_cents"`
	AllowedCents     int64     `json:"allowed_cents"`
	PatientRespCents int64     `json:"patient_resp_cents"`
}

func (a *Activities) PostLedgerEntries(ctx context.Context, in PostLedgerInput) error {
	lines := ledger.AdjudicationLines(in.ClaimNumber, in.BilledCents, in.AllowedCents, in.PatientRespCents)
	return a.Ledger.Append(ctx, ledger.Entries(in.TripID, in.ClinicID, lines...)...)
}

type PatientChargeInput struct {
	TripID          uuid.UUID `json:"trip_id"`
	ClaimNumber     string    `json:"claim_number"`
	CustomerID      string    `json:"customer_id"`
	PaymentMethodID string    `json:"payment_method_id"`
	AmountCents     int64     `json:"amount_cents"`
}

func (a *Activities) ChargePatientResponsibility(ctx context.Context, in PatientChargeInput) (string, error) {
	res, err := a.Cards.ChargeCard(ctx, stripepay.Charge{
		CustomerID:      in.CustomerID,
		PaymentMethodID: in.PaymentMethodID,
		AmountCents:     in.AmountCents,
		Description:     "Patient responsibility, claim " + in.ClaimNumber,
		Metadata:        map[string]string{"trip_id": in.TripID.String(), "claim_number": in.ClaimNumber},
	})
	if errors.Is(err, stripepay.ErrCardDeclined) {
		return "", temporal.NewNonRetryableApplicationError(err.Error(), "CardDeclined", err)
	}
	if err != nil {
		return "", err
	}
	return res.PaymentIntentID, nil
}

func (a *Activities) MarkTripBilled(ctx context.Context, tripID uuid.UUID) error {
	_, err := a.Trips.MarkBilled(ctx, tripID)
	return err
}

func (a *Activities) PublishTripBilled(ctx context.Context, ev events.TripBilled) error {
	return a.Events.PublishJSON(ctx, events.SubjectTripBilled, "trip-billed-"+ev.TripID.String(), ev)
}
