// Package accounts manages the bank accounts loans are paid out to.
package accounts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/providers/payout"
	"github.com/brightpay/lending/internal/repo"
)

type Verifier interface {
	StartVerification(ctx context.Context, v payout.VerificationRequest) (*payout.Verification, error)
}

type Service interface {
	Register(ctx context.Context, in RegisterInput) (db.BankAccount, error)
	Verify(ctx context.Context, customerID, bankAccountID string) (Verification, error)
}

type RegisterInput struct {
	CustomerID    string
	HolderName    string
	SortCode      string
	AccountNumber string
	// VaultToken is the card-vault token for the full account number.
	VaultToken string
}

type Verification struct {
	ID         string
	PartnerRef string
	Status     string
}

type service struct {
	store    repo.Store
	verifier Verifier
	log      *zap.Logger
}

func New(store repo.Store, v Verifier, log *zap.Logger) Service {
	return &service{store: store, verifier: v, log: log}
}

func fingerprint(sortCode, account string) string {
	h := sha256.Sum256([]byte(strings.ReplaceAll(sortCode, "-", "") + ":" + account))
	return hex.EncodeToString(h[:])
}

func (s *service) Register(ctx context.Context, in RegisterInput) (db.BankAccount, error) {
	if len(in.AccountNumber) != 8 || in.SortCode == "" || in.VaultToken == "" {
		return db.BankAccount{}, apperr.New(apperr.InvalidArgument, "sort code, 8-digit account number and vault token required")
	}
	acct, err := s.store.BankAccounts().InsertBankAccount(ctx, db.InsertBankAccountParams{
		ID:           ids.New("ba"),
		CustomerID:   in.CustomerID,
		Fingerprint:  fingerprint(in.SortCode, in.AccountNumber),
		HolderName:   in.HolderName,
		SortCode:     in.SortCode,
		AccountLast4: in.AccountNumber[4:],
		VaultToken:   in.VaultToken,
	})
	if apperr.IsUniqueViolation(err) {
		return db.BankAccount{}, apperr.Wrap(apperr.AlreadyExists, err, "bank account already registered")
	}
	if err != nil {
		return db.BankAccount{}, fmt.Errorf("insert bank account: %w", err)
	}
	return acct, nil
}

// Verify starts micro-deposit verification of a registered account.
func (s *service) Verify(ctx context.Context, customerID, bankAccountID string) (Verification, error) {
	acct, err := s.store.BankAccounts().GetBankAccount(ctx, bankAccountID)
	if err != nil {
		return Verification{}, err
	}
	if acct.CustomerID != customerID {
		return Verification{}, apperr.New(apperr.NotFound, "bank account not found")
	}
	if acct.Status == "verified" {
		return Verification{Status: "verified"}, nil
	}

	v, err := s.verifier.StartVerification(ctx, payout.VerificationRequest{
		AccountRef: acct.VaultToken,
		SortCode:   acct.SortCode,
		HolderName: acct.HolderName,
	})
	if err != nil {
		return Verification{}, apperr.Wrap(apperr.Unavailable, err, "verification partner unavailable")
	}

	out := Verification{ID: ids.New("bav"), PartnerRef: v.ID, Status: "pending"}
	err = s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		if err := st.BankAccounts().InsertBankAccountVerification(ctx, out.ID, acct.ID, v.ID); err != nil {
			return err
		}
		return st.BankAccounts().SetBankAccountStatus(ctx, acct.ID, "verifying")
	})
	return out, err
}
