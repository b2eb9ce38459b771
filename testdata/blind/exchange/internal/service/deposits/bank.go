// Package deposits credits customer balances from bank transfers and
// on-chain deposits.
package deposits

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/store"
)

// Service implements deposit crediting.
type Service struct {
	store         store.Store
	confirmations map[string]int
	log           *slog.Logger
}

// New wires a Service.
func New(st store.Store, confirmations map[string]int, log *slog.Logger) *Service {
	return &Service{store: st, confirmations: confirmations, log: log}
}

// BankCreditResult tells the webhook handler what happened.
type BankCreditResult struct {
	DepositID string
	Duplicate bool
	Matched   bool
}

// CreditBankTransfer books an incoming bank credit. The bank's transaction
// reference is unique, so a redelivered notification finds the existing
// row and changes nothing.
func (s *Service) CreditBankTransfer(ctx context.Context, n bank.CreditNotification) (*BankCreditResult, error) {
	valueDate, err := time.Parse("2006-01-02", n.Data.ValueDate)
	if err != nil {
		return nil, fmt.Errorf("value_date: %w", err)
	}
	dep := &store.BankDeposit{
		ID:           ids.Prefixed("bdep"),
		BankTxnRef:   n.Data.TransactionRef,
		BankAccount:  n.Data.Account,
		Amount:       n.Data.Amount,
		Currency:     strings.ToUpper(n.Data.Currency),
		RemitterName: n.Data.RemitterName,
		Reference:    n.Data.Reference,
		ValueDate:    valueDate,
		Status:       store.DepositUnmatched,
	}
	res := &BankCreditResult{DepositID: dep.ID}

	err = s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		userID, err := r.BankDeposits.ResolveReference(ctx, referenceCode(n.Data.Reference))
		switch {
		case errors.Is(err, store.ErrNotFound):
		case err != nil:
			return err
		default:
			acct, err := r.Ledger.EnsureAccount(ctx, userID, dep.Currency)
			if err != nil {
				return err
			}
			dep.UserID, dep.AccountID, dep.Status = &userID, &acct.ID, store.DepositCredited
		}
		inserted, err := r.BankDeposits.InsertIfAbsent(ctx, dep)
		if err != nil {
			return err
		}
		if !inserted {
			res.Duplicate = true
			return nil
		}
		if dep.AccountID == nil {
			return nil
		}
		res.Matched = true
		return r.Ledger.Apply(ctx, store.Credit(*dep.AccountID, dep.Currency, dep.Amount, "bank_deposit", dep.ID))
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// referenceCode extracts the HAL-XXXXXX code customers are told to quote.
func referenceCode(remittance string) string {
	for _, f := range strings.Fields(strings.ToUpper(remittance)) {
		if strings.HasPrefix(f, "HAL-") && len(f) == 10 {
			return f
		}
	}
	return ""
}
