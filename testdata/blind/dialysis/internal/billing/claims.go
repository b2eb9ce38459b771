package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/partners/clearinghouse"
	"github.com/renalnet/dialysis-ops/internal/store"
)

const (
	// Type of bill 072x: clinic, hospital-based or independent renal
	// dialysis center. The last digit is the claim frequency code.
	typeOfBillPrefix = "072"
	revenueCodeHD    = "0821"
	hcpcsDialysis    = "90999"
)

// GenerateClaim builds the claim for a completed treatment against the
// patient's primary coverage on the date of service.
func (s *Service) GenerateClaim(ctx context.Context, sessionID uuid.UUID) (db.Claim, error) {
	q := s.store.Q()
	sess, err := q.GetTreatmentSession(ctx, sessionID)
	if store.IsNotFound(err) {
		return db.Claim{}, fmt.Errorf("session %s: %w", sessionID, asynq.SkipRetry)
	}
	if err != nil {
		return db.Claim{}, err
	}
	if sess.Status != "completed" {
		return db.Claim{}, fmt.Errorf("session %s is %s: %w", sessionID, sess.Status, asynq.SkipRetry)
	}
	cov, err := q.GetPrimaryCoverage(ctx, db.GetPrimaryCoverageParams{PatientID: sess.PatientID, AsOf: sess.SessionDate})
	if store.IsNotFound(err) {
		// Self-pay or coverage not on file yet; the billing work queue
		// picks these up from the report of completed sessions without claims.
		s.log.WarnContext(ctx, "no coverage for completed session", "session_id", sessionID, "patient_id", sess.PatientID)
		return db.Claim{}, nil
	}
	if err != nil {
		return db.Claim{}, err
	}

	return store.InTxValue(ctx, s.store, func(q *db.Queries) (db.Claim, error) {
		claim, err := q.InsertClaim(ctx, db.InsertClaimParams{
			ID:                   s.newID(),
			SessionID:            sess.ID,
			PatientID:            sess.PatientID,
			CoverageID:           cov.ID,
			ClinicID:             sess.ClinicID,
			PatientControlNumber: s.newPCN(),
			ServiceDate:          sess.SessionDate,
			TotalChargeCents:     s.charges.TreatmentCents,
			Status:               "ready",
		})
		if err != nil {
			return claim, err
		}
		err = q.InsertClaimLine(ctx, db.InsertClaimLineParams{
			ClaimID:     claim.ID,
			LineNo:      1,
			Hcpcs:       hcpcsDialysis,
			Units:       1,
			ChargeCents: s.charges.TreatmentCents,
		})
		return claim, err
	})
}

// QueueSubmission moves a ready (or rejected) claim to queued and creates
// the submission the worker will send. Asking again while the claim is
// queued returns the same pending submission.
func (s *Service) QueueSubmission(ctx context.Context, claimID uuid.UUID) (db.ClaimSubmission, error) {
	sub, err := store.InTxValue(ctx, s.store, func(q *db.Queries) (db.ClaimSubmission, error) {
		if _, err := q.MarkClaimQueued(ctx, claimID); err != nil {
			if !store.IsNotFound(err) {
				return db.ClaimSubmission{}, err
			}
			existing, err := q.GetClaim(ctx, claimID)
			if store.IsNotFound(err) {
				return db.ClaimSubmission{}, apperr.NotFound("claim %s not found", claimID)
			}
			if err != nil {
				return db.ClaimSubmission{}, err
			}
			switch existing.Status {
			case "queued", "submitted", "accepted", "paid":
				// Already queued or sent by an earlier request: answer with
				// the submission that request created.
				return q.GetLatestSubmission(ctx, db.GetLatestSubmissionParams{ClaimID: claimID, Kind: "original"})
			}
			return db.ClaimSubmission{}, apperr.Conflict("claim is %s", existing.Status)
		}
		attempt, err := q.NextSubmissionAttempt(ctx, claimID)
		if err != nil {
			return db.ClaimSubmission{}, err
		}
		return q.InsertClaimSubmission(ctx, db.InsertClaimSubmissionParams{
			ID:        s.newID(),
			ClaimID:   claimID,
			AttemptNo: attempt,
			Kind:      "original",
		})
	})
	if err != nil {
		return sub, err
	}
	if sub.Status != "pending" {
		return sub, nil
	}
	if err := s.queue.EnqueueClaimSubmission(ctx, sub.ID); err != nil {
		return sub, err
	}
	return sub, nil
}

// SendSubmission sends a pending original submission. The submission id is
// the clearinghouse Idempotency-Key, so a redelivered task that already
// reached the clearinghouse gets the original answer back.
func (s *Service) SendSubmission(ctx context.Context, submissionID uuid.UUID) error {
	q := s.store.Q()
	sub, err := q.GetClaimSubmission(ctx, submissionID)
	if store.IsNotFound(err) {
		return fmt.Errorf("submission %s: %w", submissionID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if sub.Status != "pending" {
		return nil
	}
	payload, err := s.buildClaim(ctx, q, sub.ClaimID)
	if err != nil {
		return err
	}
	res, err := s.ch.SubmitClaim(ctx, payload, clearinghouse.WithIdempotencyKey(sub.ID.String()))
	if err != nil {
		return err
	}
	return s.recordResult(ctx, sub, res)
}

// ---- corrections ---------------------------------------------------------------

type CorrectedLine struct {
	HCPCS       string
	Modifiers   string
	Units       int32
	ChargeCents int64
}

type Correction struct {
	CoverageID uuid.UUID
	Lines      []CorrectedLine
}

// PrepareReplacement rewrites a claim as a replacement (frequency code 7)
// with corrected lines. Applying the same correction twice leaves the claim
// as the first application did.
func (s *Service) PrepareReplacement(ctx context.Context, claimID uuid.UUID, c Correction) (db.Claim, error) {
	if len(c.Lines) == 0 {
		return db.Claim{}, apperr.Invalid("a corrected claim needs at least one line")
	}
	var total int64
	for _, l := range c.Lines {
		total += l.ChargeCents
	}
	return store.InTxValue(ctx, s.store, func(q *db.Queries) (db.Claim, error) {
		claim, err := q.PrepareReplacementClaim(ctx, db.PrepareReplacementClaimParams{
			ID:               claimID,
			TotalChargeCents: total,
			CoverageID:       c.CoverageID,
		})
		if store.IsNotFound(err) {
			return claim, apperr.Conflict("claim %s cannot be corrected in its current state", claimID)
		}
		if err != nil {
			return claim, err
		}
		if err := q.DeleteClaimLines(ctx, claimID); err != nil {
			return claim, err
		}
		for i, l := range c.Lines {
			if err := q.InsertClaimLine(ctx, db.InsertClaimLineParams{
				ClaimID:     claimID,
				LineNo:      int16(i + 1),
				Hcpcs:       l.HCPCS,
				Modifiers:   l.Modifiers,
				Units:       l.Units,
				ChargeCents: l.ChargeCents,
			}); err != nil {
				return claim, err
			}
		}
		return claim, nil
	})
}

var errNotReplacement = errors.New("claim has not been prepared as a replacement")

// SendReplacement sends a corrected claim. The submission row is keyed by
// requestKey (the asynq task id), so a redelivered task picks up the
// submission it created instead of starting another one.
func (s *Service) SendReplacement(ctx context.Context, claimID uuid.UUID, requestKey string) error {
	key := store.NullString(requestKey)
	sub, err := store.InTxValue(ctx, s.store, func(q *db.Queries) (db.ClaimSubmission, error) {
		claim, err := q.GetClaim(ctx, claimID)
		if err != nil {
			return db.ClaimSubmission{}, err
		}
		if claim.FrequencyCode != "7" {
			return db.ClaimSubmission{}, errNotReplacement
		}
		attempt, err := q.NextSubmissionAttempt(ctx, claimID)
		if err != nil {
			return db.ClaimSubmission{}, err
		}
		sub, err := q.InsertTaskSubmission(ctx, db.InsertTaskSubmissionParams{
			ID:         s.newID(),
			ClaimID:    claimID,
			AttemptNo:  attempt,
			Kind:       "replacement",
			RequestKey: key,
		})
		if store.IsNotFound(err) {
			return q.GetSubmissionByRequestKey(ctx, key)
		}
		return sub, err
	})
	if errors.Is(err, errNotReplacement) {
		return fmt.Errorf("claim %s: %w: %w", claimID, err, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if sub.Status != "pending" {
		return nil
	}

	q := s.store.Q()
	payload, err := s.buildClaim(ctx, q, claimID)
	if err != nil {
		return err
	}
	res, err := s.ch.SubmitClaim(ctx, payload)
	if err != nil {
		return err
	}
	return s.recordResult(ctx, sub, res)
}

// ---- shared ----------------------------------------------------------------------

func (s *Service) recordResult(ctx context.Context, sub db.ClaimSubmission, res clearinghouse.SubmitResult) error {
	status := "accepted"
	claimStatus := "submitted"
	if res.Status == "rejected" {
		status = "rejected"
		claimStatus = "rejected"
	}
	return s.store.InTx(ctx, func(q *db.Queries) error {
		if err := q.RecordSubmissionResult(ctx, db.RecordSubmissionResultParams{
			ID:              sub.ID,
			Status:          status,
			ClearinghouseID: store.NullString(res.SubmissionID),
			ResponseCode:    store.NullString(res.ResponseCode),
			SubmittedAt:     store.NullTime(res.ReceivedAt),
		}); err != nil {
			return err
		}
		return q.SetClaimStatus(ctx, db.SetClaimStatusParams{ID: sub.ClaimID, Status: claimStatus})
	})
}

func (s *Service) buildClaim(ctx context.Context, q *db.Queries, claimID uuid.UUID) (clearinghouse.Claim, error) {
	claim, err := q.GetClaim(ctx, claimID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	cov, err := q.GetCoverage(ctx, claim.CoverageID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	patient, err := q.GetPatient(ctx, claim.PatientID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	clinic, err := q.GetClinic(ctx, claim.ClinicID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	lines, err := q.ListClaimLines(ctx, claim.ID)
	if err != nil {
		return clearinghouse.Claim{}, err
	}
	dos := claim.ServiceDate.Format("2006-01-02")
	out := clearinghouse.Claim{
		PatientControlNumber: claim.PatientControlNumber,
		FrequencyCode:        claim.FrequencyCode,
		OriginalPayerClaimID: claim.PayerClaimID.String,
		PayerID:              cov.PayerID,
		MemberID:             cov.MemberID,
		BillingNPI:           clinic.Npi,
		BillingTaxID:         clinic.TaxID,
		TypeOfBill:           typeOfBillPrefix + claim.FrequencyCode,
		StatementFrom:        dos,
		StatementTo:          dos,
		TotalChargeCents:     claim.TotalChargeCents,
		PatientFirstName:     patient.FirstName,
		PatientLastName:      patient.LastName,
		PatientDOB:           patient.DateOfBirth.Format("2006-01-02"),
	}
	for _, l := range lines {
		out.Lines = append(out.Lines, clearinghouse.ClaimLine{
			LineNumber:  int(l.LineNo),
			RevenueCode: revenueCodeHD,
			HCPCS:       l.Hcpcs,
			Modifiers:   l.Modifiers,
			Units:       l.Units,
			ChargeCents: l.ChargeCents,
			ServiceDate: dos,
		})
	}
	return out, nil
}
