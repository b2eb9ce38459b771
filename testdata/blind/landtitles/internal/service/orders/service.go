// Package orders opens title orders and their escrow accounts.
package orders

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// Store persists orders.
type Store interface {
	Upsert(ctx context.Context, o *domain.Order) (string, error)
	Get(ctx context.Context, id string) (*domain.Order, error)
}

// Accounts opens escrow accounts.
type Accounts interface {
	OpenAccount(ctx context.Context, a *domain.EscrowAccount) error
}

// Outbox queues domain events in the caller's transaction.
type Outbox interface {
	Enqueue(ctx context.Context, topic, key string, payload any) error
}

// Service opens orders.
type Service struct {
	tx       *txm.Manager
	orders   Store
	accounts Accounts
	outbox   Outbox
	now      func() time.Time
	newID    func() string
}

// NewService returns an order service.
func NewService(tx *txm.Manager, orders Store, accounts Accounts, outbox Outbox) *Service {
	return &Service{tx: tx, orders: orders, accounts: accounts, outbox: outbox, now: time.Now, newID: ids.KSUID}
}

// CreateInput is what the intake form sends.
type CreateInput struct {
	FileNumber      string `json:"file_number"`
	PropertyAPN     string `json:"property_apn"`
	CountyFIPS      string `json:"county_fips"`
	PropertyAddr    string `json:"property_address"`
	BuyerName       string `json:"buyer_name"`
	BuyerEmail      string `json:"buyer_email"`
	BuyerPhone      string `json:"buyer_phone"`
	SellerName      string `json:"seller_name"`
	SellerEmail     string `json:"seller_email"`
	CloserEmail     string `json:"closer_email"`
	CloserPhone     string `json:"closer_phone"`
	SalePriceCents  int64  `json:"sale_price_cents"`
	LoanAmountCents int64  `json:"loan_amount_cents"`
	InterestBearing bool   `json:"interest_bearing"`
	InterestRateBps int    `json:"interest_rate_bps"`
}

func (in CreateInput) validate() error {
	switch {
	case strings.TrimSpace(in.FileNumber) == "":
		return fmt.Errorf("%w: file_number is required", domain.ErrInvalid)
	case len(in.CountyFIPS) != 5:
		return fmt.Errorf("%w: county_fips must be 5 digits", domain.ErrInvalid)
	case in.PropertyAPN == "":
		return fmt.Errorf("%w: property_apn is required", domain.ErrInvalid)
	case in.SalePriceCents <= 0:
		return fmt.Errorf("%w: sale_price_cents must be positive", domain.ErrInvalid)
	}
	return nil
}

type orderOpened struct {
	OrderID    string `json:"order_id"`
	FileNumber string `json:"file_number"`
	CountyFIPS string `json:"county_fips"`
	AccountID  string `json:"escrow_account_id"`
}

// Create opens an order and its escrow account. The file number is the
// office's own identifier for the transaction, so a second submission of
// the same file returns the order already on record.
func (s *Service) Create(ctx context.Context, in CreateInput) (*domain.Order, bool, error) {
	if err := in.validate(); err != nil {
		return nil, false, err
	}
	now := s.now().UTC()
	o := &domain.Order{
		ID: s.newID(), FileNumber: in.FileNumber, PropertyAPN: in.PropertyAPN, CountyFIPS: in.CountyFIPS,
		PropertyAddr: in.PropertyAddr, BuyerName: in.BuyerName, BuyerEmail: in.BuyerEmail, BuyerPhone: in.BuyerPhone,
		SellerName: in.SellerName, SellerEmail: in.SellerEmail, CloserEmail: in.CloserEmail, CloserPhone: in.CloserPhone,
		SalePriceCents: in.SalePriceCents, LoanAmountCents: in.LoanAmountCents, Status: "open",
		CreatedAt: now, UpdatedAt: now,
	}
	created := false
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		id, err := s.orders.Upsert(ctx, o)
		if err != nil {
			return err
		}
		if id != o.ID {
			existing, err := s.orders.Get(ctx, id)
			if err != nil {
				return err
			}
			o = existing
			return nil
		}
		created = true
		acct := &domain.EscrowAccount{
			ID: s.newID(), OrderID: id, Status: "open",
			InterestBearing: in.InterestBearing, InterestRateBps: in.InterestRateBps, OpenedAt: now,
		}
		if err := s.accounts.OpenAccount(ctx, acct); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, "title.orders.v1", id, orderOpened{
			OrderID: id, FileNumber: o.FileNumber, CountyFIPS: o.CountyFIPS, AccountID: acct.ID,
		})
	})
	if err != nil {
		return nil, false, fmt.Errorf("create order %s: %w", in.FileNumber, err)
	}
	return o, created, nil
}

// Get loads an order.
func (s *Service) Get(ctx context.Context, id string) (*domain.Order, error) {
	return s.orders.Get(ctx, id)
}
