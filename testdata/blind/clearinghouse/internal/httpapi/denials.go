package httpapi

import (
	"context"
	"errors"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/service"
)

// DenialAPI is the appeals use case.
type DenialAPI interface {
	FileAppeal(ctx context.Context, in service.FileAppealInput) (*domain.Appeal, error)
	WithdrawAppeal(ctx context.Context, in service.WithdrawAppealInput) (*domain.Appeal, error)
}

// EligibilityAPI is the eligibility use case.
type EligibilityAPI interface {
	Inquire(ctx context.Context, in service.InquiryInput) (*domain.EligibilityInquiry, error)
}

// DenialHandlers serves appeals.
type DenialHandlers struct {
	denials DenialAPI
}

// NewDenialHandlers builds DenialHandlers.
func NewDenialHandlers(d *service.DenialService) *DenialHandlers {
	return &DenialHandlers{denials: d}
}

type FileAppealRequest struct {
	ClaimID      string   `uri:"claim_id"`
	DenialID     string   `json:"denial_id"`
	Reason       string   `json:"reason"`
	DocumentURIs []string `json:"document_uris"`
}

func (r *FileAppealRequest) Validate() error {
	if r.DenialID == "" || r.Reason == "" {
		return errors.New("denial_id and reason are required")
	}
	if len(r.Reason) > 2000 {
		return errors.New("reason is limited to 2000 characters")
	}
	return nil
}

// FileAppeal handles POST /v1/claims/:claim_id/appeals.
func (h *DenialHandlers) FileAppeal(ctx context.Context, req FileAppealRequest) (Created[*domain.Appeal], error) {
	a, err := h.denials.FileAppeal(ctx, service.FileAppealInput{
		ClaimID:      req.ClaimID,
		DenialID:     req.DenialID,
		Reason:       req.Reason,
		DocumentURIs: req.DocumentURIs,
		FiledBy:      PrincipalFrom(ctx).UserID,
	})
	return Created[*domain.Appeal]{a}, err
}

type WithdrawAppealRequest struct {
	AppealID string `uri:"appeal_id"`
	Reason   string `json:"reason"`
}

// WithdrawAppeal handles POST /v1/appeals/:appeal_id/withdraw.
func (h *DenialHandlers) WithdrawAppeal(ctx context.Context, req WithdrawAppealRequest) (*domain.Appeal, error) {
	return h.denials.WithdrawAppeal(ctx, service.WithdrawAppealInput{AppealID: req.AppealID, Reason: req.Reason})
}

// EligibilityHandlers serves eligibility inquiries.
type EligibilityHandlers struct {
	eligibility EligibilityAPI
}

// NewEligibilityHandlers builds EligibilityHandlers.
func NewEligibilityHandlers(e *service.EligibilityService) *EligibilityHandlers {
	return &EligibilityHandlers{eligibility: e}
}

type InquiryRequest struct {
	PatientAccountID string `json:"patient_account_id"`
	PayerID          string `json:"payer_id"`
	MemberID         string `json:"member_id"`
	ServiceTypeCode  string `json:"service_type_code"`
	TraceNumber      string `json:"trace_number"`
}

func (r *InquiryRequest) Validate() error {
	if r.PatientAccountID == "" || r.PayerID == "" || r.MemberID == "" {
		return errors.New("patient_account_id, payer_id and member_id are required")
	}
	if r.TraceNumber == "" || len(r.TraceNumber) > 50 {
		return errors.New("trace_number is required (max 50 characters)")
	}
	return nil
}

// Inquire handles POST /v1/eligibility/inquiries.
func (h *EligibilityHandlers) Inquire(ctx context.Context, req InquiryRequest) (*domain.EligibilityInquiry, error) {
	return h.eligibility.Inquire(ctx, service.InquiryInput{
		PracticeID:       PrincipalFrom(ctx).PracticeID,
		PatientAccountID: req.PatientAccountID,
		PayerID:          req.PayerID,
		MemberID:         req.MemberID,
		ServiceTypeCode:  req.ServiceTypeCode,
		TraceNumber:      req.TraceNumber,
	})
}
