// Package patient manages patient records, billing profiles and coverage.
package patient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/platform/retryx"
	"github.com/cedarleaf/pharmacy/internal/provider/pbm"
	"github.com/cedarleaf/pharmacy/internal/provider/stripegw"
	"github.com/cedarleaf/pharmacy/internal/store"
)

// ErrNotFound is returned for unknown patients.
var ErrNotFound = errors.New("patient not found")

// EligibilityChecker is the E1 part of the PBM client.
type EligibilityChecker interface {
	CheckEligibility(ctx context.Context, in pbm.EligibilityRequest, opts ...pbm.CallOption) (*pbm.EligibilityResponse, error)
}

// Service implements patient operations.
type Service struct {
	store    store.Store
	payments stripegw.Gateway
	pbm      EligibilityChecker
}

// NewService builds a Service.
func NewService(st store.Store, payments stripegw.Gateway, elig EligibilityChecker) *Service {
	return &Service{store: st, payments: payments, pbm: elig}
}

// Registration is a patient pushed to us by a clinic ahead of any
// prescription (the "ADT" feed).
type Registration struct {
	MRN           string
	FirstName     string
	LastName      string
	DateOfBirth   time.Time
	Phone         string
	Email         string
	AddressLine1  string
	AddressCity   string
	AddressPostal string
	SMSOptIn      bool
	MemberID      string
	BIN           string
	PCN           string
	Group         string
}

// Register creates a patient from a clinic's registration feed.
func (s *Service) Register(ctx context.Context, clinicID string, in Registration) (db.Patient, error) {
	if _, err := s.store.GetClinic(ctx, clinicID); err != nil {
		return db.Patient{}, fmt.Errorf("load clinic: %w", err)
	}
	p, err := s.store.CreatePatient(ctx, db.CreatePatientParams{
		ID:            uuid.New(),
		ClinicID:      clinicID,
		Mrn:           in.MRN,
		FirstName:     in.FirstName,
		LastName:      in.LastName,
		DateOfBirth:   store.Date(in.DateOfBirth),
		PhoneE164:     in.Phone,
		Email:         store.Text(in.Email),
		AddressLine1:  store.Text(in.AddressLine1),
		AddressCity:   store.Text(in.AddressCity),
		AddressPostal: store.Text(in.AddressPostal),
		SmsOptIn:      in.SMSOptIn,
		PbmMemberID:   store.Text(in.MemberID),
		PbmBin:        store.Text(in.BIN),
		PbmPcn:        store.Text(in.PCN),
		PbmGroup:      store.Text(in.Group),
	})
	if err != nil {
		return db.Patient{}, fmt.Errorf("create patient: %w", err)
	}
	return p, nil
}

// BillingProfile is returned to the app so it can mount Stripe Elements.
type BillingProfile struct {
	PatientID  uuid.UUID `json:"patient_id"`
	CustomerID string    `json:"stripe_customer_id"`
	HasCard    bool      `json:"has_card"`
}

// EnsureBillingProfile makes sure the patient has a Stripe customer.
func (s *Service) EnsureBillingProfile(ctx context.Context, patientID uuid.UUID) (BillingProfile, error) {
	p, err := s.store.GetPatient(ctx, patientID)
	if store.IsNotFound(err) {
		return BillingProfile{}, ErrNotFound
	}
	if err != nil {
		return BillingProfile{}, err
	}
	out := BillingProfile{PatientID: p.ID, HasCard: p.DefaultPaymentMethod.Valid}
	if p.StripeCustomerID.Valid {
		out.CustomerID = p.StripeCustomerID.String
		return out, nil
	}

	in := stripegw.CustomerInput{
		PatientID: p.ID.String(),
		Name:      p.FirstName + " " + p.LastName,
		Email:     p.Email.String,
		Phone:     p.PhoneE164,
	}
	customerID, err := retryx.Do(ctx, retryx.Conservative, func(ctx context.Context) (string, error) {
		return s.payments.CreateCustomer(ctx, in)
	})
	if err != nil {
		return BillingProfile{}, fmt.Errorf("create stripe customer: %w", err)
	}
	if err := s.store.SetPatientStripeCustomer(ctx, db.SetPatientStripeCustomerParams{
		ID:               p.ID,
		StripeCustomerID: store.Text(customerID),
	}); err != nil {
		return BillingProfile{}, fmt.Errorf("save stripe customer: %w", err)
	}
	out.CustomerID = customerID
	return out, nil
}

// Coverage is the outcome of an eligibility check.
type Coverage struct {
	CheckID  string    `json:"check_id"`
	Eligible bool      `json:"eligible"`
	PlanName string    `json:"plan_name,omitempty"`
	At       time.Time `json:"checked_at"`
}

// CheckCoverage runs an eligibility (E1) check against the PBM and keeps a
// copy of the answer for the pharmacist's audit trail.
func (s *Service) CheckCoverage(ctx context.Context, patientID uuid.UUID, requestID string) (Coverage, error) {
	p, err := s.store.GetPatient(ctx, patientID)
	if store.IsNotFound(err) {
		return Coverage{}, ErrNotFound
	}
	if err != nil {
		return Coverage{}, err
	}
	if !p.PbmMemberID.Valid {
		return Coverage{Eligible: false, At: time.Now()}, nil
	}

	resp, err := retryx.Do(ctx, retryx.Default, func(ctx context.Context) (*pbm.EligibilityResponse, error) {
		return s.pbm.CheckEligibility(ctx, pbm.EligibilityRequest{Member: MemberOf(p)}, pbm.WithRequestID(requestID))
	})
	if err != nil {
		return Coverage{}, fmt.Errorf("eligibility: %w", err)
	}

	raw, _ := json.Marshal(resp)
	check := Coverage{CheckID: ids.NewULID(), Eligible: resp.Eligible, PlanName: resp.PlanName, At: time.Now()}
	if err := s.store.InsertCoverageCheck(ctx, db.InsertCoverageCheckParams{
		ID:        check.CheckID,
		PatientID: p.ID,
		Eligible:  resp.Eligible,
		PlanName:  store.Text(resp.PlanName),
		Raw:       raw,
	}); err != nil {
		return Coverage{}, fmt.Errorf("store coverage check: %w", err)
	}
	return check, nil
}

// MemberOf builds the PBM member block from a patient row.
func MemberOf(p db.Patient) pbm.Member {
	return pbm.Member{
		MemberID:    p.PbmMemberID.String,
		BIN:         p.PbmBin.String,
		PCN:         p.PbmPcn.String,
		Group:       p.PbmGroup.String,
		FirstName:   p.FirstName,
		LastName:    p.LastName,
		DateOfBirth: p.DateOfBirth.Time.Format("2006-01-02"),
	}
}
