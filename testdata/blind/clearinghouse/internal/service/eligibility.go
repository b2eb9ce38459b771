package service

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/payer"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/platform/ids"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// EligibilityService runs 270/271 inquiries.
type EligibilityService struct {
	tx        Tx
	inquiries interface {
		InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, in *domain.EligibilityInquiry) (*domain.EligibilityInquiry, bool, error)
		GetByTrace(ctx context.Context, q sqlx.ExtContext, practiceID, trace string) (*domain.EligibilityInquiry, error)
		RecordResponse(ctx context.Context, q sqlx.ExtContext, id string, res repository.CoverageResult) error
		SetStatus(ctx context.Context, q sqlx.ExtContext, id, status string) error
		AppendAttempt(ctx context.Context, q sqlx.ExtContext, inquiryID, outcome string, latency time.Duration) error
	}
	practices practiceStore
	accounts  accountStore
	payers    payerStore
	payer     PayerGateway
	now       Clock
	log       *slog.Logger
}

// NewEligibilityService builds an EligibilityService.
func NewEligibilityService(tx Tx, inq *repository.EligibilityRepo, practices *repository.PracticeRepo,
	accounts *repository.PatientAccountRepo, payers *repository.PayerRepo, gw PayerGateway, now Clock, log *slog.Logger) *EligibilityService {
	return &EligibilityService{tx: tx, inquiries: inq, practices: practices, accounts: accounts, payers: payers, payer: gw, now: now, log: log}
}

// InquiryInput is a practice's eligibility question.
type InquiryInput struct {
	PracticeID       string
	PatientAccountID string
	PayerID          string
	MemberID         string
	ServiceTypeCode  string
	TraceNumber      string
}

// Inquire records the inquiry and asks the payer in real time. Payers that
// answer asynchronously deliver the 271 later through Kafka.
func (s *EligibilityService) Inquire(ctx context.Context, in InquiryInput) (*domain.EligibilityInquiry, error) {
	if in.ServiceTypeCode == "" {
		in.ServiceTypeCode = "30"
	}
	q := s.tx.Ext(ctx)
	practice, err := s.practices.Get(ctx, q, in.PracticeID)
	if err != nil {
		return nil, err
	}
	acct, err := s.accounts.Get(ctx, q, in.PatientAccountID)
	if err != nil {
		return nil, err
	}
	if acct.PracticeID != practice.ID {
		return nil, apperr.NotFound("patient account %s not found", in.PatientAccountID)
	}
	p, err := s.payers.Get(ctx, q, in.PayerID)
	if err != nil {
		return nil, err
	}
	inq, _, err := s.inquiries.InsertIfAbsent(ctx, q, &domain.EligibilityInquiry{
		ID:               ids.Derive("elg", in.PracticeID, in.TraceNumber),
		PracticeID:       in.PracticeID,
		PatientAccountID: in.PatientAccountID,
		PayerID:          in.PayerID,
		TraceNumber:      in.TraceNumber,
		MemberID:         in.MemberID,
		ServiceTypeCode:  in.ServiceTypeCode,
		Status:           "requested",
		RequestedAt:      s.now(),
	})
	if err != nil {
		return nil, err
	}
	if inq.Status == "responded" {
		return inq, nil
	}

	started := s.now()
	resp, callErr := s.payer.CheckEligibility(ctx, payer.EligibilityRequest{
		PayerCode:       p.PayerCode,
		ProviderNPI:     practice.NPI,
		MemberID:        inq.MemberID,
		PatientName:     acct.PatientName,
		ServiceTypeCode: inq.ServiceTypeCode,
		TraceNumber:     inq.TraceNumber,
	}, payer.WithTimeout(8*time.Second), payer.WithTraceID(inq.ID))
	outcome := "ok"
	switch {
	case callErr != nil:
		outcome = "error"
	case resp.Pending:
		outcome = "pending"
	}
	if err := s.inquiries.AppendAttempt(ctx, q, inq.ID, outcome, s.now().Sub(started)); err != nil {
		s.log.Warn("eligibility attempt log", "inquiry_id", inq.ID, "err", err)
	}
	if callErr != nil {
		return nil, apperr.Upstream(callErr, "eligibility inquiry")
	}
	if resp.Pending {
		if err := s.inquiries.SetStatus(ctx, q, inq.ID, "pending"); err != nil {
			return nil, err
		}
		inq.Status = "pending"
		return inq, nil
	}
	res := repository.CoverageResult{
		Active:                   resp.Active,
		CopayCents:               resp.CopayCents,
		DeductibleRemainingCents: resp.DeductibleRemainingCents,
		Raw:                      resp.Raw,
		RespondedAt:              s.now(),
	}
	if err := s.inquiries.RecordResponse(ctx, q, inq.ID, res); err != nil {
		return nil, err
	}
	return s.inquiries.GetByTrace(ctx, q, in.PracticeID, in.TraceNumber)
}

// EligibilityResponseEvent is an asynchronous 271.
type EligibilityResponseEvent struct {
	PracticeID               string          `json:"practice_id"`
	TraceNumber              string          `json:"trace_number"`
	Active                   bool            `json:"active"`
	CopayCents               *int64          `json:"copay_cents"`
	DeductibleRemainingCents *int64          `json:"deductible_remaining_cents"`
	Raw                      json.RawMessage `json:"raw"`
}

// ApplyResponse stores an asynchronous 271 on its inquiry.
func (s *EligibilityService) ApplyResponse(ctx context.Context, ev EligibilityResponseEvent) error {
	q := s.tx.Ext(ctx)
	inq, err := s.inquiries.GetByTrace(ctx, q, ev.PracticeID, ev.TraceNumber)
	if err != nil {
		if apperr.KindOf(err) == apperr.KindNotFound {
			s.log.Warn("271 for unknown inquiry", "practice_id", ev.PracticeID, "trace", ev.TraceNumber)
			return nil
		}
		return err
	}
	return s.inquiries.RecordResponse(ctx, q, inq.ID, repository.CoverageResult{
		Active:                   ev.Active,
		CopayCents:               ev.CopayCents,
		DeductibleRemainingCents: ev.DeductibleRemainingCents,
		Raw:                      ev.Raw,
		RespondedAt:              s.now(),
	})
}

// VerifyForClaim runs the pre-submission coverage check for a claim. The
// trace number is derived from the claim so repeated checks reuse one
// inquiry.
func (s *EligibilityService) VerifyForClaim(ctx context.Context, claim *domain.Claim, memberID string) (*domain.EligibilityInquiry, error) {
	return s.Inquire(ctx, InquiryInput{
		PracticeID:       claim.PracticeID,
		PatientAccountID: claim.PatientAccountID,
		PayerID:          claim.PayerID,
		MemberID:         memberID,
		ServiceTypeCode:  "30",
		TraceNumber:      "CLM" + claim.ID,
	})
}
