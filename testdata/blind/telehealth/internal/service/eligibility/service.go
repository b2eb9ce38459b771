// Package eligibility checks insurance coverage before a visit.
package eligibility

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/providers/clearinghouse"
)

// Inquirer sends 270 inquiries.
type Inquirer interface {
	Inquire(ctx context.Context, in clearinghouse.Inquiry) (clearinghouse.Response, error)
}

// Cache stores 271 results per patient, payer and service date.
type Cache interface {
	Upsert(ctx context.Context, e *domain.EligibilityResult) error
	Fresh(ctx context.Context, patientID uuid.UUID, payerID string, day time.Time, maxAge time.Duration) (*domain.EligibilityResult, error)
}

// Patients loads demographics for the inquiry.
type Patients interface {
	Patient(ctx context.Context, id uuid.UUID) (*domain.Patient, error)
}

// Service runs eligibility checks.
type Service struct {
	inquirer     Inquirer
	cache        Cache
	patients     Patients
	submitterNPI string
	maxAge       time.Duration
	selfPayCents int64
}

func NewService(inq Inquirer, cache Cache, patients Patients, submitterNPI string) *Service {
	return &Service{inquirer: inq, cache: cache, patients: patients, submitterNPI: submitterNPI,
		maxAge: 12 * time.Hour, selfPayCents: 4900}
}

// CheckRequest identifies the member and date of service.
type CheckRequest struct {
	PatientID   uuid.UUID
	PayerID     string
	MemberID    string
	DateOfBirth string
	ServiceDate time.Time
	Force       bool
}

// Check returns the member's coverage for the service date, answering from
// the cache while it is fresh.
func (s *Service) Check(ctx context.Context, req CheckRequest) (*domain.EligibilityResult, error) {
	if req.PayerID == "" || req.MemberID == "" {
		return nil, fmt.Errorf("payer and member are required: %w", domain.ErrInvalidArgument)
	}
	day := req.ServiceDate.UTC().Truncate(24 * time.Hour)
	if !req.Force {
		if cached, err := s.cache.Fresh(ctx, req.PatientID, req.PayerID, day, s.maxAge); err == nil {
			return cached, nil
		} else if err != domain.ErrNotFound {
			return nil, err
		}
	}
	p, err := s.patients.Patient(ctx, req.PatientID)
	if err != nil {
		return nil, err
	}
	first, last := splitName(p.FullName)
	resp, err := s.inquirer.Inquire(ctx, clearinghouse.Inquiry{
		SubmitterNPI: s.submitterNPI,
		PayerID:      req.PayerID,
		MemberID:     req.MemberID,
		FirstName:    first,
		LastName:     last,
		DateOfBirth:  req.DateOfBirth,
		ServiceDate:  day.Format("2006-01-02"),
		ServiceType:  "98",
	})
	if err != nil {
		return nil, err
	}
	res := &domain.EligibilityResult{
		PatientID:   req.PatientID,
		PayerID:     req.PayerID,
		ServiceDate: day,
		MemberID:    req.MemberID,
		Active:      resp.Active,
		CopayCents:  resp.Copay(),
		RawResponse: resp.Raw,
	}
	if resp.PlanName != "" {
		res.PlanName = &resp.PlanName
	}
	if resp.TraceNumber != "" {
		res.TraceNumber = &resp.TraceNumber
	}
	if err := s.cache.Upsert(ctx, res); err != nil {
		return nil, err
	}
	return res, nil
}

// EstimateCopay returns the copay to collect at booking: the payer's
// telehealth copay from a cached check, or the self-pay rate.
func (s *Service) EstimateCopay(ctx context.Context, patientID uuid.UUID, payerID string, day time.Time) (int64, error) {
	if payerID == "" {
		return s.selfPayCents, nil
	}
	cached, err := s.cache.Fresh(ctx, patientID, payerID, day.UTC().Truncate(24*time.Hour), 7*24*time.Hour)
	if err == domain.ErrNotFound {
		return s.selfPayCents, nil
	}
	if err != nil {
		return 0, err
	}
	if !cached.Active {
		return s.selfPayCents, nil
	}
	if cached.CopayCents == nil {
		return 0, nil
	}
	return *cached.CopayCents, nil
}

func splitName(full string) (string, string) {
	parts := strings.Fields(full)
	switch len(parts) {
	case 0:
		return "", ""
	case 1:
		return parts[0], ""
	default:
		return parts[0], parts[len(parts)-1]
	}
}
