// Package intake handles patient registration, insurance coverage and
// eligibility verification.
package intake

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/events"
	"github.com/renalnet/dialysis-ops/internal/outbox"
	"github.com/renalnet/dialysis-ops/internal/partners/clearinghouse"
	"github.com/renalnet/dialysis-ops/internal/store"
)

const scopeRegisterPatient = "patients.register"

// EligibilityClient is the part of the clearinghouse client intake uses.
type EligibilityClient interface {
	CheckEligibility(ctx context.Context, req clearinghouse.EligibilityRequest) (clearinghouse.EligibilityResponse, error)
}

// RecheckQueue schedules monthly eligibility rechecks.
type RecheckQueue interface {
	EnqueueEligibilityRecheck(ctx context.Context, coverageID, patientID uuid.UUID, period string) error
}

type Service struct {
	store    *store.Store
	elig     EligibilityClient
	recheck  RecheckQueue
	newID    func() uuid.UUID
	newTrace func() string
	now      func() time.Time
	log      *slog.Logger
}

type Deps struct {
	Store    *store.Store
	Elig     EligibilityClient
	Recheck  RecheckQueue
	NewID    func() uuid.UUID
	NewTrace func() string
	Now      func() time.Time
	Log      *slog.Logger
}

func NewService(d Deps) *Service {
	return &Service{
		store:    d.Store,
		elig:     d.Elig,
		recheck:  d.Recheck,
		newID:    d.NewID,
		newTrace: d.NewTrace,
		now:      d.Now,
		log:      d.Log,
	}
}

// ---- registration ----------------------------------------------------------

type RegisterPatientInput struct {
	IdempotencyKey string    `json:"-"`
	ClinicID       uuid.UUID `json:"clinic_id"`
	MRN            string    `json:"mrn"`
	FirstName      string    `json:"first_name"`
	LastName       string    `json:"last_name"`
	DateOfBirth    time.Time `json:"date_of_birth"`
	Sex            string    `json:"sex"`
	Phone          string    `json:"phone"`
	HomeAddress    string    `json:"home_address"`
	Modality       string    `json:"modality"`
	Mobility       string    `json:"mobility"`
	CreatedBy      string    `json:"-"`
}

type RegisterResult struct {
	Patient  db.Patient
	Replayed bool
}

// RegisterPatient creates a patient. The caller's Idempotency-Key is stored
// in the same transaction as the patient row, so a retried request returns
// the patient created by the first attempt.
func (s *Service) RegisterPatient(ctx context.Context, in RegisterPatientInput) (RegisterResult, error) {
	if in.IdempotencyKey == "" {
		return RegisterResult{}, apperr.Invalid("Idempotency-Key header is required")
	}
	if in.Modality == "" {
		in.Modality = "in_center_hd"
	}
	if in.Mobility == "" {
		in.Mobility = "ambulatory"
	}
	hash, err := requestHash(in)
	if err != nil {
		return RegisterResult{}, err
	}

	return store.InTxValue(ctx, s.store, func(q *db.Queries) (RegisterResult, error) {
		n, err := q.InsertIdempotencyKey(ctx, db.InsertIdempotencyKeyParams{
			Scope:       scopeRegisterPatient,
			Key:         in.IdempotencyKey,
			RequestHash: hash,
		})
		if err != nil {
			return RegisterResult{}, err
		}
		if n == 0 {
			rec, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scopeRegisterPatient, Key: in.IdempotencyKey})
			if err != nil {
				return RegisterResult{}, err
			}
			if rec.RequestHash != hash {
				return RegisterResult{}, apperr.Conflict("idempotency key was used with a different request")
			}
			if !rec.ResourceID.Valid {
				return RegisterResult{}, apperr.Conflict("request with this idempotency key is still being processed")
			}
			p, err := q.GetPatient(ctx, rec.ResourceID.UUID)
			if err != nil {
				return RegisterResult{}, err
			}
			return RegisterResult{Patient: p, Replayed: true}, nil
		}

		p, err := q.CreatePatient(ctx, db.CreatePatientParams{
			ID:          s.newID(),
			ClinicID:    in.ClinicID,
			Mrn:         in.MRN,
			FirstName:   in.FirstName,
			LastName:    in.LastName,
			DateOfBirth: in.DateOfBirth,
			Sex:         in.Sex,
			Phone:       store.NullString(in.Phone),
			HomeAddress: in.HomeAddress,
			Modality:    in.Modality,
			Mobility:    in.Mobility,
			CreatedBy:   in.CreatedBy,
		})
		if store.IsUniqueViolation(err, "patients_clinic_mrn_key") {
			return RegisterResult{}, apperr.Conflict("MRN %s is already registered at this clinic", in.MRN)
		}
		if err != nil {
			return RegisterResult{}, err
		}

		if err := outbox.Write(ctx, q, events.Envelope{
			Topic:         events.TopicPatients,
			Type:          "patient.registered",
			AggregateType: "patient",
			AggregateID:   p.ID,
			OrderingKey:   p.ID.String(),
			Payload:       events.PatientRegistered{PatientID: p.ID, ClinicID: p.ClinicID, MRN: p.Mrn},
		}); err != nil {
			return RegisterResult{}, err
		}

		if err := q.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
			Scope:          scopeRegisterPatient,
			Key:            in.IdempotencyKey,
			ResourceID:     store.NullUUID(p.ID),
			ResponseStatus: sqlInt32(201),
		}); err != nil {
			return RegisterResult{}, err
		}
		return RegisterResult{Patient: p}, nil
	})
}

func requestHash(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("hash request: %w", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// ---- coverage ----------------------------------------------------------------

type AddCoverageInput struct {
	PatientID     uuid.UUID
	PayerID       string
	PayerName     string
	MemberID      string
	GroupNumber   string
	Priority      int16
	EffectiveFrom time.Time
	EffectiveTo   time.Time
	CreatedBy     string
}

// AddCoverage attaches an insurance policy to a patient.
func (s *Service) AddCoverage(ctx context.Context, in AddCoverageInput) (db.Coverage, error) {
	q := s.store.Q()
	if _, err := q.GetPatient(ctx, in.PatientID); err != nil {
		if store.IsNotFound(err) {
			return db.Coverage{}, apperr.NotFound("patient %s not found", in.PatientID)
		}
		return db.Coverage{}, err
	}
	if in.Priority == 0 {
		in.Priority = 1
	}

	cov, err := q.CreateCoverage(ctx, db.CreateCoverageParams{
		ID:            s.newID(),
		PatientID:     in.PatientID,
		PayerID:       in.PayerID,
		PayerName:     in.PayerName,
		MemberID:      in.MemberID,
		GroupNumber:   store.NullString(in.GroupNumber),
		Priority:      in.Priority,
		EffectiveFrom: in.EffectiveFrom,
		EffectiveTo:   store.NullTime(in.EffectiveTo),
		CreatedBy:     in.CreatedBy,
	})
	if store.IsUniqueViolation(err, "coverages_patient_payer_member_key") {
		return db.Coverage{}, apperr.Conflict("patient already has coverage with payer %s, member %s", in.PayerID, in.MemberID)
	}
	return cov, err
}
