package service

import (
	"context"
	"fmt"
	"strconv"

	"github.com/prairiegold/graincoop/internal/ach"
	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/idgen"
)

type BankingService struct {
	growers  GrowerReader
	accounts BankAccounts
	payments Payments
	now      Clock
}

func NewBankingService(g GrowerReader, a BankAccounts, p Payments, now Clock) *BankingService {
	return &BankingService{growers: g, accounts: a, payments: p, now: now}
}

type AddBankAccountInput struct {
	HolderName    string `json:"holder_name" binding:"required"`
	RoutingNumber string `json:"routing_number" binding:"required,len=9,numeric"`
	AccountNumber string `json:"account_number" binding:"required,min=4,max=17,numeric"`
	AccountType   string `json:"account_type" binding:"omitempty,oneof=checking savings"`
	MakeDefault   bool   `json:"make_default"`
}

// AddAccount registers a grower's receiving account with the ACH provider
// and stores the provider's counterparty reference.
func (s *BankingService) AddAccount(ctx context.Context, growerID int64, in AddBankAccountInput) (*domain.BankAccount, error) {
	g, err := s.growers.Get(ctx, growerID)
	if err != nil {
		return nil, notFound(err)
	}
	if in.AccountType == "" {
		in.AccountType = "checking"
	}
	if !validABA(in.RoutingNumber) {
		return nil, fmt.Errorf("%w: routing number checksum", ErrInvalid)
	}
	cp, err := s.payments.CreateCounterparty(ctx, ach.CounterpartyRequest{
		Name:          in.HolderName,
		RoutingNumber: in.RoutingNumber,
		AccountNumber: in.AccountNumber,
		AccountType:   in.AccountType,
		Metadata:      map[string]string{"member_no": g.MemberNo},
	})
	if err != nil {
		return nil, fmt.Errorf("register counterparty: %w", err)
	}
	if in.MakeDefault {
		if err := s.accounts.ClearDefault(ctx, g.ID); err != nil {
			return nil, err
		}
	}
	acct := &domain.BankAccount{
		ID:                     idgen.New(),
		GrowerID:               g.ID,
		ProviderCounterpartyID: cp.ID,
		HolderName:             in.HolderName,
		RoutingLast4:           in.RoutingNumber[len(in.RoutingNumber)-4:],
		AccountLast4:           in.AccountNumber[len(in.AccountNumber)-4:],
		AccountType:            in.AccountType,
		IsDefault:              in.MakeDefault,
		Status:                 "active",
		CreatedAt:              s.now(),
	}
	if err := s.accounts.Create(ctx, acct); err != nil {
		return nil, fmt.Errorf("save bank account: %w", err)
	}
	return acct, nil
}

func validABA(r string) bool {
	if len(r) != 9 {
		return false
	}
	w := []int{3, 7, 1, 3, 7, 1, 3, 7, 1}
	sum := 0
	for i, c := range r {
		d, err := strconv.Atoi(string(c))
		if err != nil {
			return false
		}
		sum += d * w[i]
	}
	return sum%10 == 0
}
