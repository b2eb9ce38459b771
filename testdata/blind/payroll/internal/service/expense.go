package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/events"
	"github.com/acme/payroll/internal/ledger"
	"github.com/acme/payroll/internal/providers/stripeconnect"
)

type SubmitClaimInput struct {
	CompanyID   uuid.UUID
	EmployeeID  uuid.UUID
	AmountCents int64
	Currency    string
	Category    string
	Description string
	ReceiptURL  string
}

type ExpenseService interface {
	Submit(ctx context.Context, in SubmitClaimInput, idemKey, requestHash string) (*domain.ExpenseClaim, bool, error)
	Approve(ctx context.Context, claimID uuid.UUID, approver string) (*domain.ExpenseClaim, error)
	ReimburseNow(ctx context.Context, claimID uuid.UUID, actor string) (*domain.Reimbursement, error)
}

var allowedCategories = map[string]string{
	"travel":    ledger.AcctReimbursableExpense,
	"meals":     ledger.AcctReimbursableExpense,
	"equipment": ledger.AcctReimbursableExpense,
	"training":  ledger.AcctReimbursableExpense,
	"other":     ledger.AcctReimbursableExpense,
}

type expenseService struct {
	claims         ExpenseRepository
	reimbursements ReimbursementRepository
	employees      EmployeeRepository
	ledger         Ledger
	stripe         StripeTransfers
	events         EventPublisher
	audit          AuditLog
	log            *slog.Logger
	clock          func() time.Time
}

func NewExpenseService(c ExpenseRepository, r ReimbursementRepository, e EmployeeRepository, l Ledger,
	st StripeTransfers, ev EventPublisher, a AuditLog, log *slog.Logger) ExpenseService {
	return &expenseService{claims: c, reimbursements: r, employees: e, ledger: l, stripe: st, events: ev,
		audit: a, log: log, clock: time.Now}
}

func (s *expenseService) Submit(ctx context.Context, in SubmitClaimInput, idemKey, requestHash string) (*domain.ExpenseClaim, bool, error) {
	in.Category = strings.ToLower(in.Category)
	if _, ok := allowedCategories[in.Category]; !ok {
		return nil, false, fmt.Errorf("%w: unknown category %q", domain.ErrValidation, in.Category)
	}
	if in.AmountCents <= 0 || in.AmountCents > 5_000_00 {
		return nil, false, fmt.Errorf("%w: amount out of range", domain.ErrValidation)
	}
	emp, err := s.employees.Get(ctx, in.EmployeeID)
	if err != nil {
		return nil, false, err
	}
	if emp.CompanyID != in.CompanyID {
		return nil, false, fmt.Errorf("%w: employee not in company", domain.ErrValidation)
	}
	claim := &domain.ExpenseClaim{
		ID:          uuid.New(),
		CompanyID:   in.CompanyID,
		EmployeeID:  in.EmployeeID,
		AmountCents: in.AmountCents,
		Currency:    strings.ToLower(in.Currency),
		Category:    in.Category,
		Description: in.Description,
		ReceiptURL:  in.ReceiptURL,
	}
	return s.claims.CreateWithKey(ctx, idemKey, requestHash, claim)
}

func (s *expenseService) Approve(ctx context.Context, claimID uuid.UUID, approver string) (*domain.ExpenseClaim, error) {
	claim, err := s.claims.Get(ctx, claimID)
	if err != nil {
		return nil, err
	}
	switch claim.Status {
	case domain.ClaimApproved, domain.ClaimReimbursed:
		return claim, nil
	case domain.ClaimSubmitted:
	default:
		return nil, fmt.Errorf("%w: claim is %s", domain.ErrInvalidState, claim.Status)
	}

	// Book the liability as soon as the claim is approved so that month-end
	// accruals are right even before the money leaves.
	if _, err := s.ledger.Post(ctx, ledger.Entry{
		CompanyID:   claim.CompanyID,
		Description: fmt.Sprintf("Expense claim %s approved by %s", claim.ID, approver),
		Source:      "expense_approval",
		Lines: []ledger.Line{
			{Account: allowedCategories[claim.Category], Debit: claim.AmountCents, Memo: claim.Category},
			{Account: ledger.AcctReimbursementsPay, Credit: claim.AmountCents, Memo: "employee " + claim.EmployeeID.String()},
		},
	}); err != nil {
		return nil, fmt.Errorf("post accrual: %w", err)
	}

	now := s.clock()
	if err := s.claims.SetApproved(ctx, claim.ID, approver, now); err != nil {
		return nil, err
	}
	claim.Status = domain.ClaimApproved
	claim.ApprovedAt = &now
	claim.ApprovedBy = approver

	if err := s.events.Publish(ctx, events.TopicExpenseApproved, events.ExpenseApproved{
		ClaimID: claim.ID, CompanyID: claim.CompanyID, EmployeeID: claim.EmployeeID,
		AmountCents: claim.AmountCents, Currency: claim.Currency, ApprovedBy: approver,
	}); err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	return claim, nil
}

// ReimburseNow pays an approved claim immediately instead of waiting for the
// reimbursement queue. Used by support for urgent cases.
func (s *expenseService) ReimburseNow(ctx context.Context, claimID uuid.UUID, actor string) (*domain.Reimbursement, error) {
	claim, err := s.claims.Get(ctx, claimID)
	if err != nil {
		return nil, err
	}
	if claim.Status != domain.ClaimApproved {
		return nil, fmt.Errorf("%w: claim is %s", domain.ErrInvalidState, claim.Status)
	}
	emp, err := s.employees.Get(ctx, claim.EmployeeID)
	if err != nil {
		return nil, err
	}
	if emp.StripeAccountID == "" {
		return nil, fmt.Errorf("%w: employee has no connected Stripe account", domain.ErrValidation)
	}

	attemptKey := fmt.Sprintf("reimburse-now-%s-%s", claim.ID, uuid.NewString())
	tr, err := s.stripe.Create(ctx, stripeconnect.TransferInput{
		AmountCents:    claim.AmountCents,
		Currency:       claim.Currency,
		Destination:    emp.StripeAccountID,
		TransferGroup:  "claim_" + claim.ID.String(),
		Description:    "Expense reimbursement (expedited)",
		Metadata:       map[string]string{"claim_id": claim.ID.String(), "expedited_by": actor},
		IdempotencyKey: attemptKey,
	})
	if err != nil {
		return nil, fmt.Errorf("stripe transfer: %w", err)
	}

	rb := &domain.Reimbursement{
		ID:               uuid.New(),
		ClaimID:          claim.ID,
		EmployeeID:       claim.EmployeeID,
		AmountCents:      claim.AmountCents,
		Currency:         claim.Currency,
		Status:           "paid",
		StripeTransferID: tr.ID,
	}
	if err := s.reimbursements.Insert(ctx, rb); err != nil {
		return nil, fmt.Errorf("record reimbursement (transfer %s): %w", tr.ID, err)
	}
	if _, err := s.claims.Transition(ctx, claim.ID, domain.ClaimApproved, domain.ClaimReimbursed); err != nil {
		return nil, err
	}
	_ = s.audit.Append(ctx, actor, "claim.reimbursed_now", claim.ID.String(), map[string]string{"transfer": tr.ID})
	return rb, nil
}
