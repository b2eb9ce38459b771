package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/payer"
	"github.com/medbridge-health/clearinghouse/internal/platform/clock"
	"github.com/medbridge-health/clearinghouse/internal/practicehooks"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// ErrClaimRejected is returned when the payer or the scrubber rejects a
// claim outright; the workflow stops instead of retrying.
var ErrClaimRejected = errors.New("claim rejected")

// SubmissionService carries a claim from scrubbing through transmission to
// the payer. Its methods back the submission workflow's activities.
type SubmissionService struct {
	tx        Tx
	claims    claimStore
	payers    payerStore
	practices practiceStore
	ledger    ledgerStore
	scrub     interface {
		ReplaceFindings(ctx context.Context, q sqlx.ExtContext, claimID string, findings []domain.ScrubFinding) error
	}
	submissions interface {
		Ensure(ctx context.Context, q sqlx.ExtContext, s domain.Submission) (*domain.Submission, error)
		MarkSubmitted(ctx context.Context, q sqlx.ExtContext, id, payerRef string, at time.Time) error
		MarkFailed(ctx context.Context, q sqlx.ExtContext, id, reason string) error
	}
	fees interface {
		Insert(ctx context.Context, q sqlx.ExtContext, f repository.SubmissionFee) error
	}
	usage interface {
		IncrementSubmitted(ctx context.Context, q sqlx.ExtContext, practiceID string, period time.Time) error
	}
	notifications interface {
		Ensure(ctx context.Context, q sqlx.ExtContext, eventID, practiceID, eventType string) (string, error)
		RecordAttempt(ctx context.Context, q sqlx.ExtContext, eventID string, delivered bool) error
	}
	payer    PayerGateway
	webhooks PracticeWebhooks
	feeCents int64
	newID    IDFunc
	now      Clock
	log      *slog.Logger
}

// SubmissionServiceDeps groups SubmissionService collaborators.
type SubmissionServiceDeps struct {
	Tx            Tx
	Claims        *repository.ClaimRepo
	Payers        *repository.PayerRepo
	Practices     *repository.PracticeRepo
	Ledger        *repository.LedgerRepo
	Scrub         *repository.ScrubRepo
	Submissions   *repository.SubmissionRepo
	Fees          *repository.FeeRepo
	Usage         *repository.UsageRepo
	Notifications *repository.PracticeNotificationRepo
	Payer         PayerGateway
	Webhooks      PracticeWebhooks
	FeeCents      int64
	NewID         IDFunc
	Now           Clock
	Log           *slog.Logger
}

// NewSubmissionService builds a SubmissionService.
func NewSubmissionService(d SubmissionServiceDeps) *SubmissionService {
	return &SubmissionService{
		tx: d.Tx, claims: d.Claims, payers: d.Payers, practices: d.Practices, ledger: d.Ledger,
		scrub: d.Scrub, submissions: d.Submissions, fees: d.Fees, usage: d.Usage,
		notifications: d.Notifications, payer: d.Payer, webhooks: d.Webhooks, feeCents: d.FeeCents,
		newID: d.NewID, now: d.Now, log: d.Log,
	}
}

// Claim loads a claim with lines.
func (s *SubmissionService) Claim(ctx context.Context, id string) (*domain.Claim, error) {
	return s.claims.Get(ctx, s.tx.Ext(ctx), id)
}

var (
	cptPattern = regexp.MustCompile(`^[0-9]{4}[0-9A-Z]$`)
	icdPattern = regexp.MustCompile(`^[A-TV-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$`)
	npiPattern = regexp.MustCompile(`^[0-9]{10}$`)
)

// rule is one scrubber edit.
type rule func(c *domain.Claim, p *domain.ClaimPayload) []domain.ScrubFinding

var scrubRules = []rule{
	func(c *domain.Claim, p *domain.ClaimPayload) []domain.ScrubFinding {
		if !npiPattern.MatchString(p.BillingProviderNPI) {
			return []domain.ScrubFinding{{RuleCode: "NPI001", Severity: "error", Message: "billing provider NPI must be 10 digits"}}
		}
		return nil
	},
	func(c *domain.Claim, p *domain.ClaimPayload) []domain.ScrubFinding {
		if len(p.DiagnosisCodes) == 0 {
			return []domain.ScrubFinding{{RuleCode: "DX001", Severity: "error", Message: "at least one diagnosis code is required"}}
		}
		for _, dx := range p.DiagnosisCodes {
			if !icdPattern.MatchString(dx) {
				return []domain.ScrubFinding{{RuleCode: "DX002", Severity: "error", Message: "invalid ICD-10 code " + dx}}
			}
		}
		return nil
	},
	func(c *domain.Claim, p *domain.ClaimPayload) []domain.ScrubFinding {
		var out []domain.ScrubFinding
		for _, l := range c.Lines {
			if !cptPattern.MatchString(l.ProcedureCode) {
				n := l.LineNo
				out = append(out, domain.ScrubFinding{RuleCode: fmt.Sprintf("CPT001-%d", n), Severity: "error",
					Message: "invalid procedure code " + l.ProcedureCode, LineNo: &n})
			}
			for _, ptr := range l.DiagnosisPointers {
				if ptr < 1 || int(ptr) > len(p.DiagnosisCodes) {
					n := l.LineNo
					out = append(out, domain.ScrubFinding{RuleCode: fmt.Sprintf("PTR001-%d", n), Severity: "error",
						Message: "diagnosis pointer out of range", LineNo: &n})
				}
			}
		}
		return out
	},
	func(c *domain.Claim, p *domain.ClaimPayload) []domain.ScrubFinding {
		if c.ServiceDate.After(time.Now()) {
			return []domain.ScrubFinding{{RuleCode: "DOS001", Severity: "error", Message: "service date is in the future"}}
		}
		if time.Since(c.ServiceDate) > 365*24*time.Hour {
			return []domain.ScrubFinding{{RuleCode: "DOS002", Severity: "warning", Message: "service date older than one year; timely filing risk"}}
		}
		return nil
	},
	func(c *domain.Claim, p *domain.ClaimPayload) []domain.ScrubFinding {
		if c.FrequencyCode == domain.FreqReplacement && p.OriginalPayerRef == "" {
			return []domain.ScrubFinding{{RuleCode: "FRQ001", Severity: "error", Message: "replacement claim needs the original payer claim number"}}
		}
		return nil
	},
}

// ScrubResult reports the scrubber outcome.
type ScrubResult struct {
	Clean    bool `json:"clean"`
	Errors   int  `json:"errors"`
	Warnings int  `json:"warnings"`
}

// Scrub runs the edits and stores the findings together with the claim's
// status change.
func (s *SubmissionService) Scrub(ctx context.Context, claimID string) (*ScrubResult, error) {
	var res ScrubResult
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		claim, err := s.claims.Get(ctx, q, claimID)
		if err != nil {
			return err
		}
		var payload domain.ClaimPayload
		if err := json.Unmarshal(claim.Payload, &payload); err != nil {
			return fmt.Errorf("decode claim payload: %w", err)
		}
		var findings []domain.ScrubFinding
		for _, r := range scrubRules {
			findings = append(findings, r(claim, &payload)...)
		}
		for i := range findings {
			findings[i].ClaimID = claim.ID
			if findings[i].Severity == "error" {
				res.Errors++
			} else {
				res.Warnings++
			}
		}
		if err := s.scrub.ReplaceFindings(ctx, q, claim.ID, findings); err != nil {
			return err
		}
		next := domain.ClaimScrubbed
		if res.Errors > 0 {
			next = domain.ClaimRejected
		}
		res.Clean = res.Errors == 0
		_, err = s.claims.Transition(ctx, q, claim.ID, []string{domain.ClaimReceived}, next,
			fmt.Sprintf("scrub: %d errors, %d warnings", res.Errors, res.Warnings))
		return err
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

func feeCodeFor(seq int) string {
	if seq <= 1 {
		return "CLM_SUBMIT"
	}
	return fmt.Sprintf("CLM_RESUBMIT_%d", seq)
}

// AssessFee charges the practice the per-claim submission fee.
func (s *SubmissionService) AssessFee(ctx context.Context, claimID, practiceID string, seq int) error {
	code := feeCodeFor(seq)
	fee := repository.SubmissionFee{
		ID:          s.newID("fee"),
		PracticeID:  practiceID,
		ClaimID:     claimID,
		FeeCode:     code,
		AmountCents: s.feeCents,
		CreatedAt:   s.now(),
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		if err := s.fees.Insert(ctx, q, fee); err != nil {
			return err
		}
		key := "fee:" + claimID + ":" + code
		_, err := s.ledger.AppendKeyed(ctx, q, &domain.LedgerEntry{
			ID:             fee.ID,
			PracticeID:     practiceID,
			EntryType:      domain.LedgerSubmissionFee,
			AmountCents:    -fee.AmountCents,
			ClaimID:        &fee.ClaimID,
			IdempotencyKey: &key,
			Memo:           code,
			CreatedAt:      fee.CreatedAt,
		})
		return err
	})
}

// SubmissionID is the stable identifier of the seq-th delivery of a claim.
func SubmissionID(claimID string, seq int) string {
	return fmt.Sprintf("%s:%d", claimID, seq)
}

// Transmit sends the claim to the payer. The submission row is created
// first and its id is the gateway idempotency key, so a retried activity
// gets the original acknowledgement back.
func (s *SubmissionService) Transmit(ctx context.Context, claimID string, seq int) (string, error) {
	var claim *domain.Claim
	var sub *domain.Submission
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		var err error
		if claim, err = s.claims.Get(ctx, q, claimID); err != nil {
			return err
		}
		sub, err = s.submissions.Ensure(ctx, q, domain.Submission{
			ID: SubmissionID(claimID, seq), ClaimID: claimID, Seq: seq, Status: "pending", CreatedAt: s.now(),
		})
		if err != nil {
			return err
		}
		_, err = s.claims.Transition(ctx, q, claimID, []string{domain.ClaimScrubbed}, domain.ClaimSubmitting, "transmitting")
		return err
	})
	if err != nil {
		return "", err
	}
	switch sub.Status {
	case "submitted":
		return *sub.PayerRef, nil
	case "failed":
		return "", fmt.Errorf("%w: %s", ErrClaimRejected, *sub.Error)
	}

	p, err := s.payers.Get(ctx, s.tx.Ext(ctx), claim.PayerID)
	if err != nil {
		return "", err
	}
	var payload domain.ClaimPayload
	_ = json.Unmarshal(claim.Payload, &payload)
	req := payer.ClaimSubmission{
		PayerCode:            p.PayerCode,
		SubmitterClaimID:     sub.ID,
		PatientControlNumber: claim.PatientControlNumber,
		FrequencyCode:        claim.FrequencyCode,
		OriginalPayerRef:     payload.OriginalPayerRef,
		TotalChargeCents:     claim.TotalChargeCents,
		ServiceDate:          claim.ServiceDate.Format("2006-01-02"),
		Claim:                claim.Payload,
	}
	for _, l := range claim.Lines {
		req.Lines = append(req.Lines, payer.ServiceLine{
			LineNo: l.LineNo, ProcedureCode: l.ProcedureCode, Modifiers: l.Modifiers, Units: l.Units, ChargeCents: l.ChargeCents,
		})
	}
	ack, err := s.payer.SubmitClaim(ctx, req, payer.WithIdempotencyKey(sub.ID), payer.WithTimeout(45*time.Second))
	if err != nil {
		if payer.IsRejected(err) {
			rejErr := s.tx.WithinTx(ctx, func(ctx context.Context) error {
				q := s.tx.Ext(ctx)
				if err := s.submissions.MarkFailed(ctx, q, sub.ID, err.Error()); err != nil {
					return err
				}
				_, err := s.claims.Transition(ctx, q, claimID, []string{domain.ClaimSubmitting}, domain.ClaimRejected, err.Error())
				return err
			})
			if rejErr != nil {
				return "", rejErr
			}
			return "", fmt.Errorf("%w: %v", ErrClaimRejected, err)
		}
		return "", err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		if err := s.submissions.MarkSubmitted(ctx, q, sub.ID, ack.PayerClaimRef, s.now()); err != nil {
			return err
		}
		return s.claims.SetPayerRef(ctx, q, claimID, ack.PayerClaimRef)
	})
	if err != nil {
		return "", err
	}
	return ack.PayerClaimRef, nil
}

// MarkClaimSubmitted moves the claim from submitting to submitted. It
// reports false when the claim had already been moved.
func (s *SubmissionService) MarkClaimSubmitted(ctx context.Context, claimID, payerRef string) (bool, error) {
	var moved bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		moved, err = s.claims.Transition(ctx, s.tx.Ext(ctx), claimID, []string{domain.ClaimSubmitting},
			domain.ClaimSubmitted, "payer ref "+payerRef)
		return err
	})
	return moved, err
}

// CountSubmission adds the claim to the practice's monthly usage, which
// drives volume pricing.
func (s *SubmissionService) CountSubmission(ctx context.Context, practiceID string) error {
	return s.usage.IncrementSubmitted(ctx, s.tx.Ext(ctx), practiceID, clock.MonthStart(s.now()))
}

// NotifyPracticeSubmitted tells the practice's PM system that the claim
// reached the payer. The event id is fixed per claim submission so the
// practice can drop repeats.
func (s *SubmissionService) NotifyPracticeSubmitted(ctx context.Context, claimID string, seq int, payerRef string) error {
	q := s.tx.Ext(ctx)
	claim, err := s.claims.Get(ctx, q, claimID)
	if err != nil {
		return err
	}
	practice, err := s.practices.Get(ctx, q, claim.PracticeID)
	if err != nil {
		return err
	}
	if practice.WebhookURL == nil || practice.WebhookSecret == nil {
		return nil
	}
	eventID := "claim.submitted:" + SubmissionID(claimID, seq)
	status, err := s.notifications.Ensure(ctx, q, eventID, practice.ID, "claim.submitted")
	if err != nil {
		return err
	}
	if status == "delivered" {
		return nil
	}
	deliverErr := s.webhooks.Deliver(ctx, *practice.WebhookURL, *practice.WebhookSecret, practicehooks.Event{
		ID:   eventID,
		Type: "claim.submitted",
		Data: map[string]any{
			"claim_id":               claim.ID,
			"patient_control_number": claim.PatientControlNumber,
			"payer_claim_ref":        payerRef,
			"submission":             seq,
		},
	})
	if err := s.notifications.RecordAttempt(ctx, q, eventID, deliverErr == nil); err != nil {
		s.log.Warn("record webhook attempt", "event_id", eventID, "err", err)
	}
	return deliverErr
}
