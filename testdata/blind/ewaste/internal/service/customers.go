package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/provider/payouts"
)

type customerStore interface {
	Get(ctx context.Context, id uuid.UUID) (*model.Customer, error)
	UpsertPayoutMethod(ctx context.Context, pm *model.PayoutMethod) error
	PayoutMethodByFingerprint(ctx context.Context, customerID uuid.UUID, fp string) (*model.PayoutMethod, error)
	DefaultPayoutMethod(ctx context.Context, customerID uuid.UUID) (*model.PayoutMethod, error)
	ClearDefault(ctx context.Context, customerID, keep uuid.UUID) error
}

// PayoutsAPI is the payouts provider.
type PayoutsAPI interface {
	CreateRecipient(ctx context.Context, in payouts.RecipientInput, opts ...payouts.RequestOption) (*payouts.Recipient, error)
	CreateTransfer(ctx context.Context, in payouts.TransferInput, opts ...payouts.RequestOption) (*payouts.Transfer, error)
}

// CustomerService manages customer payout details.
type CustomerService struct {
	tx        database.Transactor
	customers customerStore
	payouts   PayoutsAPI
	newID     ids.UUIDFunc
}

func NewCustomerService(tx database.Transactor, customers customerStore, api PayoutsAPI) *CustomerService {
	return &CustomerService{tx: tx, customers: customers, payouts: api, newID: ids.NewUUID}
}

type BankAccountInput struct {
	HolderName    string `json:"holder_name"`
	RoutingNumber string `json:"routing_number"`
	AccountNumber string `json:"account_number"`
	AccountType   string `json:"account_type"`
	MakeDefault   bool   `json:"make_default"`
}

func (in BankAccountInput) validate() error {
	if in.HolderName == "" {
		return fmt.Errorf("%w: holder_name is required", ErrInvalid)
	}
	if len(in.RoutingNumber) != 9 {
		return fmt.Errorf("%w: routing_number must be 9 digits", ErrInvalid)
	}
	if l := len(in.AccountNumber); l < 4 || l > 17 {
		return fmt.Errorf("%w: account_number length", ErrInvalid)
	}
	switch in.AccountType {
	case "", "checking", "savings":
	default:
		return fmt.Errorf("%w: account_type must be checking or savings", ErrInvalid)
	}
	return nil
}

// accountFingerprint identifies a bank account without storing its number.
func accountFingerprint(routing, account string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(routing) + "|" + strings.TrimSpace(account)))
	return hex.EncodeToString(sum[:16])
}

// AddPayoutMethod registers a bank account with the payouts provider and
// stores the resulting recipient against the customer.
func (s *CustomerService) AddPayoutMethod(ctx context.Context, customerID uuid.UUID, in BankAccountInput) (*model.PayoutMethod, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	cust, err := s.customers.Get(ctx, customerID)
	if err != nil {
		return nil, err
	}
	fp := accountFingerprint(in.RoutingNumber, in.AccountNumber)
	existing, err := s.customers.PayoutMethodByFingerprint(ctx, customerID, fp)
	switch {
	case err == nil && existing.Status != "disabled":
		return existing, nil
	case err != nil && !errors.Is(err, database.ErrNotFound):
		return nil, err
	}

	acctType := in.AccountType
	if acctType == "" {
		acctType = "checking"
	}
	rcpt, err := s.payouts.CreateRecipient(ctx, payouts.RecipientInput{
		ExternalRef: "cust_" + customerID.String() + "_" + fp[:12],
		Email:       cust.Email,
		Name:        in.HolderName,
		Bank: payouts.BankAccount{
			HolderName:    in.HolderName,
			RoutingNumber: in.RoutingNumber,
			AccountNumber: in.AccountNumber,
			AccountType:   acctType,
			Country:       "US",
		},
	})
	if err != nil {
		return nil, wrap("register recipient", err)
	}

	pm := &model.PayoutMethod{
		ID:                  s.newID(),
		CustomerID:          customerID,
		ProviderRecipientID: rcpt.ID,
		AccountHolder:       in.HolderName,
		BankLast4:           last4(in.AccountNumber),
		AccountFingerprint:  fp,
		Status:              rcpt.Status,
		IsDefault:           in.MakeDefault,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.customers.UpsertPayoutMethod(ctx, pm); err != nil {
			return err
		}
		if in.MakeDefault {
			stored, err := s.customers.PayoutMethodByFingerprint(ctx, customerID, fp)
			if err != nil {
				return err
			}
			pm = stored
			return s.customers.ClearDefault(ctx, customerID, stored.ID)
		}
		return nil
	})
	if err != nil {
		return nil, wrap("store payout method", err)
	}
	return pm, nil
}

func last4(s string) string {
	if len(s) <= 4 {
		return s
	}
	return s[len(s)-4:]
}
