package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/payer"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/platform/ids"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

const claimSubmitScope = "claims.submit"

// ClaimService handles claim intake from practices.
type ClaimService struct {
	tx            Tx
	claims        claimStore
	batches       batchStore
	idem          idempotencyStore
	resubmissions interface {
		Insert(ctx context.Context, q sqlx.ExtContext, rs *domain.Resubmission) error
	}
	payers  payerStore
	payer   PayerGateway
	starter WorkflowStarter
	newID   IDFunc
	now     Clock
	log     *slog.Logger
}

// ClaimServiceDeps groups ClaimService collaborators for the DI container.
type ClaimServiceDeps struct {
	Tx            Tx
	Claims        *repository.ClaimRepo
	Batches       *repository.BatchRepo
	Idem          *repository.IdempotencyRepo
	Resubmissions *repository.ResubmissionRepo
	Payers        *repository.PayerRepo
	Payer         PayerGateway
	Starter       WorkflowStarter
	NewID         IDFunc
	Now           Clock
	Log           *slog.Logger
}

// NewClaimService builds a ClaimService.
func NewClaimService(d ClaimServiceDeps) *ClaimService {
	return &ClaimService{
		tx: d.Tx, claims: d.Claims, batches: d.Batches, idem: d.Idem, resubmissions: d.Resubmissions,
		payers: d.Payers, payer: d.Payer, starter: d.Starter, newID: d.NewID, now: d.Now, log: d.Log,
	}
}

// ClaimInput is one claim as submitted by a practice.
type ClaimInput struct {
	PatientAccountID     string              `json:"patient_account_id"`
	PayerID              string              `json:"payer_id"`
	PatientControlNumber string              `json:"patient_control_number"`
	ServiceDate          string              `json:"service_date"`
	Payload              domain.ClaimPayload `json:"claim"`
	Lines                []LineInput         `json:"lines"`
}

// LineInput is one service line.
type LineInput struct {
	ProcedureCode     string   `json:"procedure_code"`
	Modifiers         []string `json:"modifiers"`
	Units             int      `json:"units"`
	ChargeCents       int64    `json:"charge_cents"`
	DiagnosisPointers []int64  `json:"diagnosis_pointers"`
}

// SubmitClaimInput is a single-claim submission.
type SubmitClaimInput struct {
	PracticeID     string
	IdempotencyKey string
	Claim          ClaimInput
}

// ClaimReceipt is returned to the practice.
type ClaimReceipt struct {
	ClaimID              string `json:"claim_id"`
	PatientControlNumber string `json:"patient_control_number"`
	Status               string `json:"status"`
	Duplicate            bool   `json:"duplicate,omitempty"`
}

// SubmissionWorkflowID is the Temporal workflow id of a claim's submission.
func SubmissionWorkflowID(claimID string, seq int) string {
	return fmt.Sprintf("claim-submit-%s-%d", claimID, seq)
}

func (s *ClaimService) buildClaim(practiceID string, in ClaimInput, batchID *string) (*domain.Claim, error) {
	svcDate, err := time.Parse("2006-01-02", in.ServiceDate)
	if err != nil {
		return nil, apperr.Invalid("service_date must be YYYY-MM-DD")
	}
	payload, err := json.Marshal(in.Payload)
	if err != nil {
		return nil, err
	}
	c := &domain.Claim{
		ID:                   s.newID("clm"),
		PracticeID:           practiceID,
		PatientAccountID:     in.PatientAccountID,
		PayerID:              in.PayerID,
		BatchID:              batchID,
		PatientControlNumber: in.PatientControlNumber,
		FrequencyCode:        domain.FreqOriginal,
		ServiceDate:          svcDate,
		Status:               domain.ClaimReceived,
		Payload:              payload,
		CreatedAt:            s.now(),
	}
	for i, l := range in.Lines {
		c.TotalChargeCents += l.ChargeCents * int64(l.Units)
		c.Lines = append(c.Lines, domain.ClaimLine{
			LineNo:            i + 1,
			ProcedureCode:     l.ProcedureCode,
			Modifiers:         l.Modifiers,
			Units:             l.Units,
			ChargeCents:       l.ChargeCents,
			DiagnosisPointers: l.DiagnosisPointers,
		})
	}
	return c, nil
}

// insertClaim stores the claim and its lines. When the practice already
// sent the same patient control number the stored claim is returned.
func (s *ClaimService) insertClaim(ctx context.Context, c *domain.Claim) (*domain.Claim, bool, error) {
	q := s.tx.Ext(ctx)
	inserted, err := s.claims.InsertIfAbsent(ctx, q, c)
	if err != nil {
		return nil, false, err
	}
	if !inserted {
		existing, err := s.claims.GetByControlNumber(ctx, q, c.PracticeID, c.PatientControlNumber)
		return existing, false, err
	}
	if err := s.claims.InsertLines(ctx, q, c.ID, c.Lines); err != nil {
		return nil, false, err
	}
	return c, true, nil
}

// Submit accepts one claim and starts its submission workflow.
func (s *ClaimService) Submit(ctx context.Context, in SubmitClaimInput) (*ClaimReceipt, error) {
	claim, err := s.buildClaim(in.PracticeID, in.Claim, nil)
	if err != nil {
		return nil, err
	}
	body, _ := json.Marshal(in.Claim)
	reqHash := ids.Fingerprint(body)

	var receipt ClaimReceipt
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		if in.IdempotencyKey != "" {
			rec, err := s.idem.Get(ctx, q, claimSubmitScope+":"+in.PracticeID, in.IdempotencyKey)
			if err != nil {
				return err
			}
			if rec != nil {
				if rec.RequestHash != reqHash {
					return apperr.Conflict("idempotency key reused with a different claim")
				}
				return json.Unmarshal(rec.Response, &receipt)
			}
		}
		stored, created, err := s.insertClaim(ctx, claim)
		if err != nil {
			return err
		}
		receipt = ClaimReceipt{
			ClaimID:              stored.ID,
			PatientControlNumber: stored.PatientControlNumber,
			Status:               stored.Status,
			Duplicate:            !created,
		}
		if in.IdempotencyKey == "" {
			return nil
		}
		resp, _ := json.Marshal(receipt)
		ok, err := s.idem.Put(ctx, q, repository.IdempotencyRecord{
			Scope:       claimSubmitScope + ":" + in.PracticeID,
			Key:         in.IdempotencyKey,
			RequestHash: reqHash,
			StatusCode:  202,
			Response:    resp,
		})
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict("a request with this idempotency key is in progress")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	// Starting is safe to repeat: the workflow id is derived from the claim
	// and Temporal rejects a second start while the first is open.
	err = s.starter.StartSubmission(ctx, SubmissionWorkflowID(receipt.ClaimID, 1), SubmissionRequest{
		ClaimID:    receipt.ClaimID,
		PracticeID: in.PracticeID,
		Seq:        1,
	})
	if err != nil {
		return nil, apperr.Upstream(err, "start claim submission")
	}
	return &receipt, nil
}

// BatchInput is an 837 interchange with many claims.
type BatchInput struct {
	PracticeID           string
	InterchangeControlNo string
	Claims               []ClaimInput
}

// BatchReceipt summarises a batch upload.
type BatchReceipt struct {
	BatchID   string         `json:"batch_id"`
	Status    string         `json:"status"`
	Claims    []ClaimReceipt `json:"claims,omitempty"`
	Duplicate bool           `json:"duplicate,omitempty"`
}

// UploadBatch registers an interchange and each of its claims. Claims are
// stored one transaction each so that one malformed claim does not hold a
// lock on the whole interchange.
func (s *ClaimService) UploadBatch(ctx context.Context, in BatchInput) (*BatchReceipt, error) {
	if len(in.Claims) == 0 {
		return nil, apperr.Invalid("batch has no claims")
	}
	batch := &domain.ClaimBatch{
		ID:                   s.newID("bat"),
		PracticeID:           in.PracticeID,
		InterchangeControlNo: in.InterchangeControlNo,
		ClaimCount:           len(in.Claims),
		Status:               "receiving",
		ReceivedAt:           s.now(),
	}
	stored, created, err := s.batches.InsertIfAbsent(ctx, s.tx.Ext(ctx), batch)
	if err != nil {
		return nil, err
	}
	if !created {
		// ISA13 is unique per submitter; a repeat is the practice's PM
		// system re-sending the same file.
		return &BatchReceipt{BatchID: stored.ID, Status: stored.Status, Duplicate: true}, nil
	}

	receipt := &BatchReceipt{BatchID: stored.ID}
	for i, ci := range in.Claims {
		claim, err := s.buildClaim(in.PracticeID, ci, &stored.ID)
		if err != nil {
			return nil, fmt.Errorf("claim %d: %w", i+1, err)
		}
		var saved *domain.Claim
		var fresh bool
		err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
			saved, fresh, err = s.insertClaim(ctx, claim)
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("claim %d (%s): %w", i+1, ci.PatientControlNumber, err)
		}
		receipt.Claims = append(receipt.Claims, ClaimReceipt{
			ClaimID: saved.ID, PatientControlNumber: saved.PatientControlNumber, Status: saved.Status, Duplicate: !fresh,
		})
	}
	if err := s.batches.SetStatus(ctx, s.tx.Ext(ctx), stored.ID, "accepted"); err != nil {
		return nil, err
	}
	receipt.Status = "accepted"

	for _, c := range receipt.Claims {
		err := s.starter.StartSubmission(ctx, SubmissionWorkflowID(c.ClaimID, 1), SubmissionRequest{
			ClaimID: c.ClaimID, PracticeID: in.PracticeID, Seq: 1,
		})
		if err != nil {
			s.log.Error("start submission for batch claim", "claim_id", c.ClaimID, "err", err)
		}
	}
	return receipt, nil
}

// ResubmitInput is a corrected (frequency 7) claim.
type ResubmitInput struct {
	ClaimID     string
	RequestedBy string
	Reason      string
	Payload     domain.ClaimPayload
}

// Resubmit replaces a claim's body and sends it to the payer again as a
// replacement of the original.
func (s *ClaimService) Resubmit(ctx context.Context, in ResubmitInput) (*domain.Resubmission, error) {
	payload, err := json.Marshal(in.Payload)
	if err != nil {
		return nil, err
	}
	workflowID := "claim-resubmit-" + uuid.NewString()
	var rs *domain.Resubmission
	var seq int
	var practiceID string
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		claim, err := s.claims.GetForUpdate(ctx, q, in.ClaimID)
		if err != nil {
			return err
		}
		// Replacement claims are accepted in any state except void; the payer
		// adjudicates the latest frequency-7 copy.
		if claim.Status == domain.ClaimVoided {
			return apperr.Conflict("claim %s is void", claim.ID)
		}
		if claim.PayerClaimRef != nil {
			in.Payload.OriginalPayerRef = *claim.PayerClaimRef
			payload, _ = json.Marshal(in.Payload)
		}
		if err := s.claims.ReplacePayload(ctx, q, claim.ID, domain.FreqReplacement, payload, s.now()); err != nil {
			return err
		}
		if seq, err = s.claims.BumpSubmissionSeq(ctx, q, claim.ID); err != nil {
			return err
		}
		if _, err := s.claims.Transition(ctx, q, claim.ID, []string{
			domain.ClaimDenied, domain.ClaimRejected, domain.ClaimAccepted, domain.ClaimPaid,
			domain.ClaimPartial, domain.ClaimSubmitted, domain.ClaimReversed,
		}, domain.ClaimReceived, "replacement requested"); err != nil {
			return err
		}
		practiceID = claim.PracticeID
		rs = &domain.Resubmission{
			ID:            workflowID,
			ClaimID:       claim.ID,
			FrequencyCode: domain.FreqReplacement,
			Reason:        in.Reason,
			WorkflowID:    workflowID,
			RequestedBy:   in.RequestedBy,
			RequestedAt:   s.now(),
		}
		return s.resubmissions.Insert(ctx, q, rs)
	})
	if err != nil {
		return nil, err
	}
	err = s.starter.StartSubmission(ctx, workflowID, SubmissionRequest{
		ClaimID: in.ClaimID, PracticeID: practiceID, Seq: seq, Replacement: true,
	})
	if err != nil {
		return nil, apperr.Upstream(err, "start resubmission")
	}
	return rs, nil
}

// VoidInput asks to void a claim at the payer.
type VoidInput struct {
	ClaimID string
	Reason  string
}

// VoidResult reports the void.
type VoidResult struct {
	ClaimID string `json:"claim_id"`
	Status  string `json:"status"`
	VoidRef string `json:"void_ref,omitempty"`
}

// Void cancels a claim. Claims the payer has not seen are voided locally;
// otherwise a frequency-8 void goes to the payer first.
func (s *ClaimService) Void(ctx context.Context, in VoidInput) (*VoidResult, error) {
	q := s.tx.Ext(ctx)
	claim, err := s.claims.Get(ctx, q, in.ClaimID)
	if err != nil {
		return nil, err
	}
	if claim.Status == domain.ClaimVoided {
		return &VoidResult{ClaimID: claim.ID, Status: claim.Status}, nil
	}
	res := &VoidResult{ClaimID: claim.ID, Status: domain.ClaimVoided}
	if claim.PayerClaimRef != nil {
		p, err := s.payers.Get(ctx, q, claim.PayerID)
		if err != nil {
			return nil, err
		}
		ack, err := s.payer.VoidClaim(ctx, payer.VoidRequest{
			PayerCode:     p.PayerCode,
			PayerClaimRef: *claim.PayerClaimRef,
			Reason:        in.Reason,
		}, payer.WithIdempotencyKey("void:"+claim.ID), payer.WithTimeout(15*time.Second))
		if err != nil {
			return nil, apperr.Upstream(err, "void claim at payer")
		}
		res.VoidRef = ack.VoidRef
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		_, err := s.claims.Transition(ctx, s.tx.Ext(ctx), claim.ID, []string{
			domain.ClaimReceived, domain.ClaimScrubbed, domain.ClaimRejected, domain.ClaimSubmitted,
			domain.ClaimAccepted, domain.ClaimDenied, domain.ClaimPaid, domain.ClaimPartial,
		}, domain.ClaimVoided, "void "+res.VoidRef)
		return err
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
