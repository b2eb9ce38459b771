package intake

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/partners/clearinghouse"
	"github.com/renalnet/dialysis-ops/internal/store"
)

// Service type codes on the 270: 30 = health benefit plan coverage,
// RN = renal supplies / dialysis.
var inquiryServiceTypes = []string{"30", "RN"}

func monthStart(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

type inquiryTarget struct {
	patient  db.Patient
	coverage db.Coverage
	clinic   db.Clinic
}

func (s *Service) loadTarget(ctx context.Context, q *db.Queries, patientID, coverageID uuid.UUID) (inquiryTarget, error) {
	var t inquiryTarget
	var err error
	if t.patient, err = q.GetPatient(ctx, patientID); err != nil {
		if store.IsNotFound(err) {
			return t, apperr.NotFound("patient %s not found", patientID)
		}
		return t, err
	}
	if t.coverage, err = q.GetCoverage(ctx, coverageID); err != nil {
		if store.IsNotFound(err) {
			return t, apperr.NotFound("coverage %s not found", coverageID)
		}
		return t, err
	}
	if t.coverage.PatientID != patientID {
		return t, apperr.Invalid("coverage %s does not belong to patient %s", coverageID, patientID)
	}
	if t.clinic, err = q.GetClinic(ctx, t.patient.ClinicID); err != nil {
		return t, err
	}
	return t, nil
}

func (s *Service) inquiry(t inquiryTarget, trace string, dos time.Time) clearinghouse.EligibilityRequest {
	return clearinghouse.EligibilityRequest{
		TraceNumber:   trace,
		PayerID:       t.coverage.PayerID,
		ProviderNPI:   t.clinic.Npi,
		MemberID:      t.coverage.MemberID,
		FirstName:     t.patient.FirstName,
		LastName:      t.patient.LastName,
		DateOfBirth:   t.patient.DateOfBirth.Format("2006-01-02"),
		ServiceTypes:  inquiryServiceTypes,
		DateOfService: dos.Format("2006-01-02"),
	}
}

type eligibilityOutcome struct {
	status     string
	plan       sql.NullString
	copay      sql.NullInt64
	deductible sql.NullInt64
	raw        json.RawMessage
}

func outcomeOf(resp clearinghouse.EligibilityResponse, callErr error) eligibilityOutcome {
	if callErr != nil {
		raw, _ := json.Marshal(map[string]string{"error": callErr.Error()})
		return eligibilityOutcome{status: "error", raw: raw}
	}
	raw, _ := json.Marshal(resp.Raw)
	status := "inactive"
	if resp.CoverageStatus == "active" {
		status = "active"
	}
	return eligibilityOutcome{
		status:     status,
		plan:       store.NullString(resp.PlanName),
		copay:      store.NullInt64(resp.CopayCents),
		deductible: store.NullInt64(resp.DeductibleRemainingCents),
		raw:        raw,
	}
}

// CheckEligibility runs a real-time inquiry for a staff member at the front
// desk and records it. Inquiries are read-only at the payer; each one is
// kept as its own row so billing can see every answer we were given.
func (s *Service) CheckEligibility(ctx context.Context, patientID, coverageID uuid.UUID, requestedBy string) (db.EligibilityCheck, error) {
	q := s.store.Q()
	t, err := s.loadTarget(ctx, q, patientID, coverageID)
	if err != nil {
		return db.EligibilityCheck{}, err
	}
	now := s.now()
	trace := s.newTrace()

	resp, callErr := s.elig.CheckEligibility(ctx, s.inquiry(t, trace, now))
	out := outcomeOf(resp, callErr)

	rec, err := q.InsertEligibilityCheck(ctx, db.InsertEligibilityCheckParams{
		ID:                       s.newID(),
		PatientID:                patientID,
		CoverageID:               coverageID,
		Source:                   "staff",
		ServicePeriod:            monthStart(now),
		TraceNumber:              trace,
		Status:                   out.status,
		PlanName:                 out.plan,
		CopayCents:               out.copay,
		DeductibleRemainingCents: out.deductible,
		Response:                 out.raw,
		RequestedBy:              requestedBy,
	})
	if err != nil {
		return db.EligibilityCheck{}, err
	}
	if callErr != nil {
		return rec, apperr.Unavailable(callErr, "eligibility inquiry failed")
	}
	return rec, nil
}

// SweepMonthly fans out one recheck per active coverage for the period.
// Task ids are derived from (coverage, period), so running the sweep twice
// in a month enqueues nothing new.
func (s *Service) SweepMonthly(ctx context.Context, period time.Time) (int, error) {
	period = monthStart(period)
	rows, err := s.store.Q().ListCoveragesDueForRecheck(ctx, period)
	if err != nil {
		return 0, err
	}
	key := period.Format("2006-01")
	for _, r := range rows {
		if err := s.recheck.EnqueueEligibilityRecheck(ctx, r.ID, r.PatientID, key); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

// RecheckMonthly verifies one coverage for the month. The monthly row is
// claimed first under its (coverage, period) key; a redelivered task finds
// it and only redoes the inquiry if the earlier attempt never finished.
func (s *Service) RecheckMonthly(ctx context.Context, coverageID, patientID uuid.UUID, period time.Time) error {
	period = monthStart(period)
	q := s.store.Q()

	if _, err := q.ClaimMonthlyEligibilityCheck(ctx, db.ClaimMonthlyEligibilityCheckParams{
		ID:            s.newID(),
		PatientID:     patientID,
		CoverageID:    coverageID,
		ServicePeriod: period,
		TraceNumber:   s.newTrace(),
	}); err != nil {
		return fmt.Errorf("claim monthly check: %w", err)
	}
	rec, err := q.GetMonthlyEligibilityCheck(ctx, db.GetMonthlyEligibilityCheckParams{
		CoverageID:    coverageID,
		ServicePeriod: period,
	})
	if err != nil {
		return err
	}
	if rec.Status != "pending" {
		return nil
	}

	t, err := s.loadTarget(ctx, q, patientID, coverageID)
	if err != nil {
		if apperr.KindOf(err) == apperr.KindNotFound {
			s.log.WarnContext(ctx, "recheck target vanished", "coverage_id", coverageID, "err", err)
			return nil
		}
		return err
	}

	resp, err := s.elig.CheckEligibility(ctx, s.inquiry(t, rec.TraceNumber, period))
	if err != nil {
		// Leave the row pending; the task retries with the same trace number.
		return fmt.Errorf("monthly inquiry for coverage %s: %w", coverageID, err)
	}
	out := outcomeOf(resp, nil)
	return q.CompleteEligibilityCheck(ctx, db.CompleteEligibilityCheckParams{
		ID:                       rec.ID,
		Status:                   out.status,
		PlanName:                 out.plan,
		CopayCents:               out.copay,
		DeductibleRemainingCents: out.deductible,
		Response:                 out.raw,
	})
}

func sqlInt32(v int32) sql.NullInt32 { return sql.NullInt32{Int32: v, Valid: true} }
