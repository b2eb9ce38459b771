package service

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/jobargs"
)

// LoanHooks lets the binary attach side work to the loan lifecycle without
// the service knowing about queues or notifications.
type LoanHooks struct {
	// AfterCreate runs inside the transaction that writes the loan and its
	// items. Returning an error rolls the loan back.
	AfterCreate func(ctx context.Context, loan domain.LoanWithItems) error
}

type LoanService struct {
	tx        Transactor
	loans     LoanRepository
	items     ItemRepository
	customers CustomerRepository
	queue     JobQueue
	policy    LoanPolicy
	now       Clock

	Hooks LoanHooks
}

func NewLoanService(tx Transactor, loans LoanRepository, items ItemRepository, customers CustomerRepository, queue JobQueue, policy LoanPolicy, now Clock) *LoanService {
	return &LoanService{tx: tx, loans: loans, items: items, customers: customers, queue: queue, policy: policy, now: now}
}

type ItemInput struct {
	Category     string       `json:"category"`
	Description  string       `json:"description"`
	Brand        string       `json:"brand"`
	Model        string       `json:"model"`
	SerialNumber string       `json:"serial_number"`
	Appraised    domain.Cents `json:"appraised_cents"`
}

type CreateLoanInput struct {
	BranchID       string       `json:"branch_id"`
	CustomerID     uuid.UUID    `json:"customer_id"`
	Principal      domain.Cents `json:"principal_cents"`
	MonthlyRateBps int          `json:"monthly_rate_bps"`
	Items          []ItemInput  `json:"items"`
}

func (s *LoanService) validate(in CreateLoanInput) error {
	if in.BranchID == "" {
		return domain.Invalid("branch_id", "required")
	}
	if in.CustomerID == uuid.Nil {
		return domain.Invalid("customer_id", "required")
	}
	if in.Principal <= 0 {
		return domain.Invalid("principal_cents", "must be positive")
	}
	if len(in.Items) == 0 {
		return domain.Invalid("items", "at least one item is required")
	}
	if in.MonthlyRateBps < 0 || in.MonthlyRateBps > s.policy.MaxRateBps {
		return domain.Invalid("monthly_rate_bps", "outside the licensed range")
	}
	var appraised domain.Cents
	for i, it := range in.Items {
		if strings.TrimSpace(it.Description) == "" || it.Category == "" {
			return domain.Invalid(fmt.Sprintf("items[%d]", i), "category and description are required")
		}
		if it.Appraised <= 0 {
			return domain.Invalid(fmt.Sprintf("items[%d].appraised_cents", i), "must be positive")
		}
		appraised += it.Appraised
	}
	if int64(in.Principal)*100 > int64(appraised)*int64(s.policy.MaxLTVPercent) {
		return domain.Invalid("principal_cents", fmt.Sprintf("exceeds %d%% of appraised value", s.policy.MaxLTVPercent))
	}
	return nil
}

// Create writes a new pawn loan and the goods held against it.
func (s *LoanService) Create(ctx context.Context, in CreateLoanInput) (domain.LoanWithItems, error) {
	if err := s.validate(in); err != nil {
		return domain.LoanWithItems{}, err
	}
	if _, err := s.customers.Get(ctx, in.CustomerID); err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return domain.LoanWithItems{}, domain.Invalid("customer_id", "unknown customer")
		}
		return domain.LoanWithItems{}, err
	}
	rate := in.MonthlyRateBps
	if rate == 0 {
		rate = s.policy.MonthlyRateBps
	}
	now := s.now()
	out := domain.LoanWithItems{Loan: domain.Loan{
		ID:             uuid.New(),
		BranchID:       in.BranchID,
		CustomerID:     in.CustomerID,
		Principal:      in.Principal,
		MonthlyRateBps: rate,
		TermDays:       s.policy.TermDays,
		GraceDays:      s.policy.GraceDays,
		IssuedAt:       now,
		DueDate:        domain.Date(now).AddDate(0, 0, s.policy.TermDays),
		Status:         domain.LoanActive,
		CreatedAt:      now,
		UpdatedAt:      now,
	}}
	for _, it := range in.Items {
		out.Items = append(out.Items, domain.Item{
			ID:           uuid.New(),
			LoanID:       out.ID,
			Category:     it.Category,
			Description:  strings.TrimSpace(it.Description),
			Brand:        optional(it.Brand),
			Model:        optional(it.Model),
			SerialNumber: optional(strings.ToUpper(strings.TrimSpace(it.SerialNumber))),
			Appraised:    it.Appraised,
			Status:       domain.ItemHeld,
			CreatedAt:    now,
		})
	}

	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ticket, err := s.loans.NextTicketNo(ctx, in.BranchID)
		if err != nil {
			return fmt.Errorf("ticket number: %w", err)
		}
		out.TicketNo = ticket
		if err := s.loans.Insert(ctx, out.Loan); err != nil {
			return fmt.Errorf("insert loan: %w", err)
		}
		if err := s.items.InsertMany(ctx, out.Items); err != nil {
			return fmt.Errorf("insert items: %w", err)
		}
		if s.Hooks.AfterCreate != nil {
			return s.Hooks.AfterCreate(ctx, out)
		}
		return nil
	})
	if err != nil {
		return domain.LoanWithItems{}, err
	}
	return out, nil
}

func (s *LoanService) Get(ctx context.Context, id uuid.UUID) (domain.LoanWithItems, error) {
	loan, err := s.loans.Get(ctx, id)
	if err != nil {
		return domain.LoanWithItems{}, err
	}
	items, err := s.items.ListByLoan(ctx, id)
	if err != nil {
		return domain.LoanWithItems{}, err
	}
	return domain.LoanWithItems{Loan: loan, Items: items}, nil
}

// RequestForfeit lets a manager push a loan that is past grace into
// forfeiture without waiting for the nightly run.
func (s *LoanService) RequestForfeit(ctx context.Context, id uuid.UUID) error {
	loan, err := s.loans.Get(ctx, id)
	if err != nil {
		return err
	}
	if loan.Status != domain.LoanActive {
		return domain.ErrLoanClosed
	}
	if !domain.Date(s.now()).After(loan.GraceEnds()) {
		return domain.ErrNotForfeitable
	}
	return s.queue.Enqueue(ctx, jobargs.ForfeitLoan{LoanID: id, Reason: string(domain.ForfeitManual)}, nil)
}
