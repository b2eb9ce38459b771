package service

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
)

// PoliceReportService reports each new pawn to the law-enforcement pawn
// database within the 24 hours the ordinance allows.
type PoliceReportService struct {
	loans     LoanRepository
	items     ItemRepository
	customers CustomerRepository
	branches  BranchRepository
	reporter  PoliceReporter
	now       Clock
}

func NewPoliceReportService(loans LoanRepository, items ItemRepository, customers CustomerRepository, branches BranchRepository, reporter PoliceReporter, now Clock) *PoliceReportService {
	return &PoliceReportService{loans: loans, items: items, customers: customers, branches: branches, reporter: reporter, now: now}
}

func (s *PoliceReportService) Report(ctx context.Context, loanID uuid.UUID) error {
	loan, err := s.loans.Get(ctx, loanID)
	if err != nil {
		return err
	}
	if loan.PoliceReportRef != nil {
		return nil
	}
	items, err := s.items.ListByLoan(ctx, loan.ID)
	if err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, loan.CustomerID)
	if err != nil {
		return err
	}
	branch, err := s.branches.Get(ctx, loan.BranchID)
	if err != nil {
		return err
	}

	receipt, err := s.reporter.Submit(ctx, policeTransaction(branch, loan, cust, items))
	if err != nil {
		return fmt.Errorf("submit to leadsnet: %w", err)
	}
	return s.loans.SetPoliceReport(ctx, loan.ID, receipt.ConfirmationNo, s.now())
}

func policeTransaction(branch domain.Branch, loan domain.Loan, cust domain.Customer, items []domain.Item) domain.PoliceTransaction {
	tx := domain.PoliceTransaction{
		StoreLicense:    branch.StoreLicense,
		TicketNo:        loan.TicketNo,
		TransactionType: "pawn",
		TransactionAt:   loan.IssuedAt,
		CustomerName:    cust.FullName(),
		DateOfBirth:     cust.DateOfBirth,
		IDType:          cust.IDDocType,
		IDNumber:        cust.IDDocNumber,
		Amount:          loan.Principal,
	}
	if cust.IDDocState != nil {
		tx.IDState = *cust.IDDocState
	}
	for _, it := range items {
		tx.Items = append(tx.Items, domain.PoliceItem{
			Category:     it.Category,
			Description:  it.Description,
			Brand:        deref(it.Brand),
			Model:        deref(it.Model),
			SerialNumber: deref(it.SerialNumber),
		})
	}
	return tx
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
