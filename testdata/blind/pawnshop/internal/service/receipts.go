package service

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
)

// ReceiptService emails redemption receipts to customers with an address on
// file.
type ReceiptService struct {
	loans     LoanRepository
	customers CustomerRepository
	branches  BranchRepository
	payments  PaymentRepository
	email     EmailSender
	now       Clock
}

func NewReceiptService(loans LoanRepository, customers CustomerRepository, branches BranchRepository, payments PaymentRepository, email EmailSender, now Clock) *ReceiptService {
	return &ReceiptService{loans: loans, customers: customers, branches: branches, payments: payments, email: email, now: now}
}

func (s *ReceiptService) SendRedemptionReceipt(ctx context.Context, redemptionID uuid.UUID) error {
	red, err := s.payments.GetRedemption(ctx, redemptionID)
	if err != nil {
		return err
	}
	if red.ReceiptSentAt != nil || red.Status != domain.RedemptionCompleted {
		return nil
	}
	loan, err := s.loans.Get(ctx, red.LoanID)
	if err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, loan.CustomerID)
	if err != nil {
		return err
	}
	if cust.EmailAddress() == "" {
		return nil
	}
	branch, err := s.branches.Get(ctx, loan.BranchID)
	if err != nil {
		return err
	}

	if _, err := s.email.Send(ctx, domain.EmailRequest{
		To:       cust.EmailAddress(),
		Subject:  fmt.Sprintf("Your receipt for pawn ticket %s", loan.TicketNo),
		TextBody: receiptBody(branch, loan, cust, red),
		Tag:      "redemption-receipt",
	}); err != nil {
		return fmt.Errorf("email receipt: %w", err)
	}
	return s.payments.MarkReceiptSent(ctx, red.ID, s.now())
}

func receiptBody(branch domain.Branch, loan domain.Loan, cust domain.Customer, red domain.Redemption) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hi %s,\n\n", cust.FirstName)
	fmt.Fprintf(&b, "Thanks for redeeming pawn ticket %s at %s.\n\n", loan.TicketNo, branch.Name)
	fmt.Fprintf(&b, "Principal:   %s\n", loan.Principal)
	fmt.Fprintf(&b, "Interest:    %s\n", red.Payoff-loan.Principal)
	fmt.Fprintf(&b, "Total paid:  %s\n", red.Payoff)
	fmt.Fprintf(&b, "Date:        %s\n\n", red.CreatedAt.Format("January 2, 2006 3:04 PM"))
	fmt.Fprintf(&b, "Questions? Call us at %s.\n", branch.Phone)
	return b.String()
}
