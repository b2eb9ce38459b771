// Package preauth obtains insurers' pre-authorisation for rides and applies
// the decisions that come back on the partner callback.
package preauth

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/events"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
	"github.com/carelift-health/nemt/internal/provider/insurer"
)

type RideStore interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Ride, error)
	Transition(ctx context.Context, id uuid.UUID, from []models.RideStatus, to models.RideStatus, authNumber string) (bool, error)
}

type PatientReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Patient, error)
}

type PreAuthStore interface {
	SaveRequest(ctx context.Context, req *models.PreAuthRequest) error
	InsertDecision(ctx context.Context, d *models.PreAuthDecision) error
	SetRequestStatus(ctx context.Context, rideID uuid.UUID, status string) error
}

type Outbox interface {
	Add(ctx context.Context, subject string, payload any) error
}

// Partner is the subset of the insurer client this service uses.
type Partner interface {
	SubmitPreAuth(ctx context.Context, in insurer.PreAuthRequest, opts ...insurer.RequestOption) (*insurer.PreAuthResponse, error)
}

type Config struct {
	CallbackURL   string
	RequestingNPI string
}

type Service struct {
	tx       database.Transactor
	rides    RideStore
	patients PatientReader
	preauths PreAuthStore
	outbox   Outbox
	partner  Partner
	cfg      Config
	now      func() time.Time
}

func NewService(tx database.Transactor, rides RideStore, patients PatientReader, preauths PreAuthStore, outbox Outbox, partner Partner, cfg Config) *Service {
	return &Service{tx: tx, rides: rides, patients: patients, preauths: preauths, outbox: outbox, partner: partner, cfg: cfg, now: time.Now}
}

// RequestForRide sends a new ride to the patient's insurer for
// authorisation. Private-pay rides are approved on the spot.
func (s *Service) RequestForRide(ctx context.Context, rideID uuid.UUID) error {
	ride, err := s.rides.Get(ctx, rideID)
	if err != nil {
		return err
	}
	if ride.Status != models.RideRequested {
		return nil
	}
	patient, err := s.patients.Get(ctx, ride.PatientID)
	if err != nil {
		return err
	}
	if patient.PrivatePay {
		return s.approve(ctx, ride.ID, []models.RideStatus{models.RideRequested}, "")
	}
	if patient.InsurerID == "" || patient.MemberID == "" {
		return fmt.Errorf("ride %s: patient has neither insurance nor private pay", ride.ID)
	}

	resp, err := s.partner.SubmitPreAuth(ctx, insurer.PreAuthRequest{
		MemberID:      patient.MemberID,
		ProviderRef:   ride.ID.String(),
		ServiceDate:   ride.PickupAt,
		Pickup:        insurer.Address{Line: ride.PickupAddress},
		Dropoff:       insurer.Address{Line: ride.DropoffAddress},
		MobilityLevel: ride.Mobility,
		CallbackURL:   s.cfg.CallbackURL,
		RequestingNPI: s.cfg.RequestingNPI,
	}, insurer.WithCorrelationID(ride.ID.String()))
	if err != nil {
		return fmt.Errorf("submit preauth: %w", err)
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		err := s.preauths.SaveRequest(ctx, &models.PreAuthRequest{
			ID:          uuid.New(),
			RideID:      ride.ID,
			InsurerID:   patient.InsurerID,
			PartnerRef:  resp.PartnerRef,
			Status:      resp.Status,
			RequestedAt: s.now().UTC(),
		})
		if err != nil {
			return err
		}
		if resp.Status == "approved" {
			return s.approve(ctx, ride.ID, []models.RideStatus{models.RideRequested}, resp.AuthNumber)
		}
		_, err = s.rides.Transition(ctx, ride.ID, []models.RideStatus{models.RideRequested}, models.RideAwaitingAuth, "")
		return err
	})
}

func (s *Service) approve(ctx context.Context, rideID uuid.UUID, from []models.RideStatus, authNumber string) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		moved, err := s.rides.Transition(ctx, rideID, from, models.RideApproved, authNumber)
		if err != nil || !moved {
			return err
		}
		return s.outbox.Add(ctx, events.SubjectRideApproved, events.RideApproved{RideID: rideID, AuthNumber: authNumber})
	})
}

// Decision is a pre-authorisation outcome delivered by the partner.
type Decision struct {
	DecisionID string
	RideID     uuid.UUID
	Outcome    string // approved | denied
	AuthNumber string
	Reason     string
}

// ApplyDecision stores the partner's decision and moves the ride on.
func (s *Service) ApplyDecision(ctx context.Context, d Decision) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		err := s.preauths.InsertDecision(ctx, &models.PreAuthDecision{
			DecisionID: d.DecisionID,
			RideID:     d.RideID,
			Outcome:    d.Outcome,
			AuthNumber: d.AuthNumber,
			Reason:     d.Reason,
			ReceivedAt: s.now().UTC(),
		})
		if err != nil {
			return err
		}
		if err := s.preauths.SetRequestStatus(ctx, d.RideID, d.Outcome); err != nil {
			return err
		}
		from := []models.RideStatus{models.RideRequested, models.RideAwaitingAuth}
		if d.Outcome == "approved" {
			return s.approve(ctx, d.RideID, from, d.AuthNumber)
		}
		_, err = s.rides.Transition(ctx, d.RideID, from, models.RideDenied, "")
		return err
	})
}
