package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/service"
)

// ClaimAPI is the claim intake use case.
type ClaimAPI interface {
	Submit(ctx context.Context, in service.SubmitClaimInput) (*service.ClaimReceipt, error)
	UploadBatch(ctx context.Context, in service.BatchInput) (*service.BatchReceipt, error)
	Resubmit(ctx context.Context, in service.ResubmitInput) (*domain.Resubmission, error)
	Void(ctx context.Context, in service.VoidInput) (*service.VoidResult, error)
}

// FollowUpAPI is the post-submission claim work use case.
type FollowUpAPI interface {
	AddAttachment(ctx context.Context, in service.AttachmentInput) (*domain.Attachment, error)
	Crossover(ctx context.Context, in service.CrossoverInput) (*domain.Crossover, error)
}

// ClaimHandlers serves /v1/claims.
type ClaimHandlers struct {
	claims   ClaimAPI
	followUp FollowUpAPI
}

// NewClaimHandlers builds ClaimHandlers.
func NewClaimHandlers(c *service.ClaimService, f *service.FollowUpService) *ClaimHandlers {
	return &ClaimHandlers{claims: c, followUp: f}
}

// Accepted wraps a response with 202.
type Accepted[T any] struct{ Body T }

func (Accepted[T]) StatusCode() int { return http.StatusAccepted }

// MarshalJSON renders the wrapped body.
func (a Accepted[T]) MarshalJSON() ([]byte, error) { return json.Marshal(a.Body) }

// Created wraps a response with 201.
type Created[T any] struct{ Body T }

func (Created[T]) StatusCode() int { return http.StatusCreated }

// MarshalJSON renders the wrapped body.
func (c Created[T]) MarshalJSON() ([]byte, error) { return json.Marshal(c.Body) }

type SubmitClaimRequest struct {
	IdempotencyKey string `header:"Idempotency-Key"`
	service.ClaimInput
}

func (r *SubmitClaimRequest) Validate() error {
	return validateClaim(&r.ClaimInput)
}

func validateClaim(c *service.ClaimInput) error {
	switch {
	case c.PatientAccountID == "":
		return errors.New("patient_account_id is required")
	case c.PayerID == "":
		return errors.New("payer_id is required")
	case c.PatientControlNumber == "" || len(c.PatientControlNumber) > 38:
		return errors.New("patient_control_number is required (max 38 characters)")
	case len(c.Lines) == 0 || len(c.Lines) > 50:
		return errors.New("between 1 and 50 service lines are required")
	}
	for _, l := range c.Lines {
		if l.Units < 1 || l.ChargeCents < 1 {
			return errors.New("each line needs positive units and charge")
		}
	}
	return nil
}

// SubmitClaim handles POST /v1/claims.
func (h *ClaimHandlers) SubmitClaim(ctx context.Context, req SubmitClaimRequest) (Accepted[*service.ClaimReceipt], error) {
	r, err := h.claims.Submit(ctx, service.SubmitClaimInput{
		PracticeID:     PrincipalFrom(ctx).PracticeID,
		IdempotencyKey: req.IdempotencyKey,
		Claim:          req.ClaimInput,
	})
	return Accepted[*service.ClaimReceipt]{r}, err
}

type UploadBatchRequest struct {
	InterchangeControlNo string               `json:"interchange_control_number"`
	Claims               []service.ClaimInput `json:"claims"`
}

func (r *UploadBatchRequest) Validate() error {
	if len(r.InterchangeControlNo) != 9 {
		return errors.New("interchange_control_number must be the 9-digit ISA13")
	}
	if len(r.Claims) == 0 || len(r.Claims) > 5000 {
		return errors.New("a batch holds between 1 and 5000 claims")
	}
	for i := range r.Claims {
		if err := validateClaim(&r.Claims[i]); err != nil {
			return err
		}
	}
	return nil
}

// UploadBatch handles POST /v1/claim-batches.
func (h *ClaimHandlers) UploadBatch(ctx context.Context, req UploadBatchRequest) (Accepted[*service.BatchReceipt], error) {
	r, err := h.claims.UploadBatch(ctx, service.BatchInput{
		PracticeID:           PrincipalFrom(ctx).PracticeID,
		InterchangeControlNo: req.InterchangeControlNo,
		Claims:               req.Claims,
	})
	return Accepted[*service.BatchReceipt]{r}, err
}

type ResubmitRequest struct {
	ClaimID string              `uri:"claim_id"`
	Reason  string              `json:"reason"`
	Claim   domain.ClaimPayload `json:"claim"`
}

func (r *ResubmitRequest) Validate() error {
	if r.Reason == "" {
		return errors.New("reason is required")
	}
	return nil
}

// Resubmit handles POST /v1/claims/:claim_id/resubmissions.
func (h *ClaimHandlers) Resubmit(ctx context.Context, req ResubmitRequest) (Accepted[*domain.Resubmission], error) {
	r, err := h.claims.Resubmit(ctx, service.ResubmitInput{
		ClaimID:     req.ClaimID,
		RequestedBy: PrincipalFrom(ctx).UserID,
		Reason:      req.Reason,
		Payload:     req.Claim,
	})
	return Accepted[*domain.Resubmission]{r}, err
}

type VoidRequest struct {
	ClaimID string `uri:"claim_id"`
	Reason  string `json:"reason"`
}

// VoidClaim handles POST /v1/claims/:claim_id/void.
func (h *ClaimHandlers) VoidClaim(ctx context.Context, req VoidRequest) (*service.VoidResult, error) {
	return h.claims.Void(ctx, service.VoidInput{ClaimID: req.ClaimID, Reason: req.Reason})
}

type AttachmentRequest struct {
	ClaimID             string `uri:"claim_id"`
	AttachmentControlNo string `json:"attachment_control_number"`
	ReportTypeCode      string `json:"report_type_code"`
	StorageURI          string `json:"storage_uri"`
	ContentSHA256       string `json:"content_sha256"`
}

func (r *AttachmentRequest) Validate() error {
	if r.AttachmentControlNo == "" || r.StorageURI == "" || len(r.ContentSHA256) != 64 {
		return errors.New("attachment_control_number, storage_uri and a sha256 are required")
	}
	if r.ReportTypeCode == "" {
		r.ReportTypeCode = "OZ"
	}
	return nil
}

// AddAttachment handles POST /v1/claims/:claim_id/attachments.
func (h *ClaimHandlers) AddAttachment(ctx context.Context, req AttachmentRequest) (Created[*domain.Attachment], error) {
	a, err := h.followUp.AddAttachment(ctx, service.AttachmentInput{
		ClaimID:             req.ClaimID,
		AttachmentControlNo: req.AttachmentControlNo,
		ReportTypeCode:      req.ReportTypeCode,
		StorageURI:          req.StorageURI,
		ContentSHA256:       req.ContentSHA256,
	})
	return Created[*domain.Attachment]{a}, err
}

type CrossoverRequest struct {
	ClaimID          string `uri:"claim_id"`
	SecondaryPayerID string `json:"secondary_payer_id"`
	MemberID         string `json:"member_id"`
}

func (r *CrossoverRequest) Validate() error {
	if r.SecondaryPayerID == "" || r.MemberID == "" {
		return errors.New("secondary_payer_id and member_id are required")
	}
	return nil
}

// Crossover handles POST /v1/claims/:claim_id/crossover.
func (h *ClaimHandlers) Crossover(ctx context.Context, req CrossoverRequest) (Accepted[*domain.Crossover], error) {
	cx, err := h.followUp.Crossover(ctx, service.CrossoverInput{
		ClaimID:          req.ClaimID,
		SecondaryPayerID: req.SecondaryPayerID,
		SecondaryMember:  req.MemberID,
	})
	return Accepted[*domain.Crossover]{cx}, err
}
