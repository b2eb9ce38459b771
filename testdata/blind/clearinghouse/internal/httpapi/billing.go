package httpapi

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/repository"
	"github.com/medbridge-health/clearinghouse/internal/service"
)

// StatementAPI is the patient statement use case.
type StatementAPI interface {
	Issue(ctx context.Context, in service.IssueInput) (*domain.Statement, error)
	Mail(ctx context.Context, in service.MailInput) (*repository.Mailing, error)
}

// PaymentAPI is the co-pay use case.
type PaymentAPI interface {
	CollectCopay(ctx context.Context, in service.CollectCopayInput) (*domain.CopayPayment, error)
	Refund(ctx context.Context, in service.RefundInput) (*domain.CopayRefund, error)
}

// PayoutAPI is the practice payout use case.
type PayoutAPI interface {
	CreatePayout(ctx context.Context, in service.CreatePayoutInput) (*domain.Payout, error)
}

// AccountAPI is the patient account use case.
type AccountAPI interface {
	CreateAdjustment(ctx context.Context, in service.AdjustmentInput) (*domain.Adjustment, error)
	CreatePaymentPlan(ctx context.Context, in service.PaymentPlanInput) (*domain.PaymentPlan, error)
}

// BillingHandlers serves statements, co-pays, payouts and accounts.
type BillingHandlers struct {
	statements StatementAPI
	payments   PaymentAPI
	payouts    PayoutAPI
	accounts   AccountAPI
}

// NewBillingHandlers builds BillingHandlers.
func NewBillingHandlers(st *service.StatementService, pay *service.PaymentService,
	po *service.PayoutService, acct *service.AccountService) *BillingHandlers {
	return &BillingHandlers{statements: st, payments: pay, payouts: po, accounts: acct}
}

type IssueStatementRequest struct {
	ClaimID string `json:"claim_id"`
	Cycle   int    `json:"cycle"`
}

func (r *IssueStatementRequest) Validate() error {
	if r.ClaimID == "" {
		return errors.New("claim_id is required")
	}
	if r.Cycle < 0 || r.Cycle > 6 {
		return errors.New("cycle must be between 1 and 6")
	}
	return nil
}

// IssueStatement handles POST /v1/statements.
func (h *BillingHandlers) IssueStatement(ctx context.Context, req IssueStatementRequest) (Created[*domain.Statement], error) {
	st, err := h.statements.Issue(ctx, service.IssueInput{ClaimID: req.ClaimID, Cycle: req.Cycle})
	return Created[*domain.Statement]{st}, err
}

type MailStatementRequest struct {
	StatementID string `uri:"statement_id"`
	MailClass   string `json:"mail_class"`
}

func (r *MailStatementRequest) Validate() error {
	switch r.MailClass {
	case "", "usps_first_class", "usps_standard":
		return nil
	}
	return errors.New("mail_class must be usps_first_class or usps_standard")
}

// MailStatement handles POST /v1/statements/:statement_id/mailings.
func (h *BillingHandlers) MailStatement(ctx context.Context, req MailStatementRequest) (Created[*repository.Mailing], error) {
	m, err := h.statements.Mail(ctx, service.MailInput{StatementID: req.StatementID, MailClass: req.MailClass})
	return Created[*repository.Mailing]{m}, err
}

type CollectCopayRequest struct {
	StatementID     string `uri:"statement_id"`
	ClientReference string `json:"client_reference"`
	AmountCents     int64  `json:"amount_cents"`
	PaymentMethodID string `json:"payment_method_id"`
	CustomerID      string `json:"customer_id"`
}

func (r *CollectCopayRequest) Validate() error {
	if r.ClientReference == "" || r.PaymentMethodID == "" {
		return errors.New("client_reference and payment_method_id are required")
	}
	if r.AmountCents < 50 {
		return errors.New("amount_cents must be at least 50")
	}
	return nil
}

// CollectCopay handles POST /v1/statements/:statement_id/copay-payments.
func (h *BillingHandlers) CollectCopay(ctx context.Context, req CollectCopayRequest) (Created[*domain.CopayPayment], error) {
	p, err := h.payments.CollectCopay(ctx, service.CollectCopayInput{
		StatementID:     req.StatementID,
		ClientReference: req.ClientReference,
		AmountCents:     req.AmountCents,
		PaymentMethodID: req.PaymentMethodID,
		CustomerID:      req.CustomerID,
	})
	return Created[*domain.CopayPayment]{p}, err
}

type RefundRequest struct {
	PaymentID       string `uri:"payment_id"`
	RefundRequestID string `json:"refund_request_id"`
	AmountCents     int64  `json:"amount_cents"`
	Reason          string `json:"reason"`
}

func (r *RefundRequest) Validate() error {
	if r.RefundRequestID == "" {
		return errors.New("refund_request_id is required")
	}
	if r.AmountCents <= 0 {
		return errors.New("amount_cents must be positive")
	}
	return nil
}

// RefundCopay handles POST /v1/copay-payments/:payment_id/refunds.
func (h *BillingHandlers) RefundCopay(ctx context.Context, req RefundRequest) (Created[*domain.CopayRefund], error) {
	rf, err := h.payments.Refund(ctx, service.RefundInput{
		PaymentID:       req.PaymentID,
		RefundRequestID: req.RefundRequestID,
		AmountCents:     req.AmountCents,
		Reason:          req.Reason,
	})
	return Created[*domain.CopayRefund]{rf}, err
}

type CreatePayoutRequest struct {
	PracticeID string `uri:"practice_id"`
	PeriodEnd  string `json:"period_end"`
}

// CreatePayout handles POST /v1/practices/:practice_id/payouts.
func (h *BillingHandlers) CreatePayout(ctx context.Context, req CreatePayoutRequest) (Created[*domain.Payout], error) {
	p, err := h.payouts.CreatePayout(ctx, service.CreatePayoutInput{PracticeID: req.PracticeID, PeriodEnd: req.PeriodEnd})
	return Created[*domain.Payout]{p}, err
}

type AdjustmentRequest struct {
	PracticeID       string  `uri:"practice_id"`
	PatientAccountID string  `json:"patient_account_id"`
	ClaimID          *string `json:"claim_id"`
	AmountCents      int64   `json:"amount_cents"`
	ReasonCode       string  `json:"reason_code"`
	Note             string  `json:"note"`
}

func (r *AdjustmentRequest) Validate() error {
	if r.PatientAccountID == "" || r.ReasonCode == "" {
		return errors.New("patient_account_id and reason_code are required")
	}
	return nil
}

// CreateAdjustment handles POST /v1/practices/:practice_id/adjustments.
func (h *BillingHandlers) CreateAdjustment(ctx context.Context, req AdjustmentRequest) (Created[*domain.Adjustment], error) {
	a, err := h.accounts.CreateAdjustment(ctx, service.AdjustmentInput{
		AdjustmentID:     uuid.NewString(),
		PracticeID:       req.PracticeID,
		PatientAccountID: req.PatientAccountID,
		ClaimID:          req.ClaimID,
		AmountCents:      req.AmountCents,
		ReasonCode:       req.ReasonCode,
		Note:             req.Note,
		CreatedBy:        PrincipalFrom(ctx).UserID,
	})
	return Created[*domain.Adjustment]{a}, err
}

type PaymentPlanRequest struct {
	AccountID    string `uri:"account_id"`
	TotalCents   int64  `json:"total_cents"`
	Installments int    `json:"installments"`
	FirstDueDate string `json:"first_due_date"`
}

// CreatePaymentPlan handles POST /v1/patient-accounts/:account_id/payment-plans.
func (h *BillingHandlers) CreatePaymentPlan(ctx context.Context, req PaymentPlanRequest) (Created[*domain.PaymentPlan], error) {
	p, err := h.accounts.CreatePaymentPlan(ctx, service.PaymentPlanInput{
		PatientAccountID: req.AccountID,
		TotalCents:       req.TotalCents,
		Installments:     req.Installments,
		FirstDueDate:     req.FirstDueDate,
	})
	return Created[*domain.PaymentPlan]{p}, err
}
