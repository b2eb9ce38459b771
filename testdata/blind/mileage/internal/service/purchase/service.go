// Package purchase sells miles for card payments.
package purchase

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/idem"
	"github.com/northwind-air/mileage/internal/ports"
	"github.com/northwind-air/mileage/internal/provider/paygw"
)

// ErrDeclined is returned to the API when the card is declined.
var ErrDeclined = fmt.Errorf("%w: card declined", domain.ErrInvalid)

// Quote prices a block of miles. Miles sell in blocks of 1,000 at 2.75
// cents a mile, with a 10% discount from 20,000 miles.
func Quote(miles int64) (cents int64) {
	cents = miles * 275 / 100
	if miles >= 20000 {
		cents = cents * 90 / 100
	}
	return cents
}

// Service sells miles.
type Service struct {
	tx        ports.TxRunner
	members   ports.Members
	purchases ports.Purchases
	ledger    ports.Ledger
	payments  ports.Payments
}

// NewService returns a Service.
func NewService(tx ports.TxRunner, members ports.Members, purchases ports.Purchases, ledger ports.Ledger, payments ports.Payments) *Service {
	return &Service{tx: tx, members: members, purchases: purchases, ledger: ledger, payments: payments}
}

// BuyRequest is the body of POST /members/{id}/purchases.
type BuyRequest struct {
	Miles     int64  `json:"miles"`
	CardToken string `json:"cardToken"`
}

// Validate checks the request.
func (r *BuyRequest) Validate() error {
	if r.Miles < 1000 || r.Miles > 100000 || r.Miles%1000 != 0 {
		return fmt.Errorf("miles must be a multiple of 1000 between 1000 and 100000")
	}
	if r.CardToken == "" {
		return fmt.Errorf("cardToken is required")
	}
	return nil
}

// Buy charges the card and credits the miles.
func (s *Service) Buy(ctx context.Context, memberID string, req BuyRequest) (domain.Purchase, error) {
	key, ok := idem.KeyFrom(ctx)
	if !ok {
		return domain.Purchase{}, fmt.Errorf("%w: Idempotency-Key required", domain.ErrInvalid)
	}
	if _, err := s.members.Get(ctx, memberID); err != nil {
		return domain.Purchase{}, err
	}
	p, _, err := s.purchases.Claim(ctx, domain.Purchase{
		ID:             uuid.NewString(),
		MemberID:       memberID,
		IdempotencyKey: key,
		Source:         "api",
		Miles:          req.Miles,
		AmountCents:    Quote(req.Miles),
		Currency:       "USD",
		CardToken:      req.CardToken,
	})
	if err != nil {
		return domain.Purchase{}, err
	}
	if p.Status != domain.PurchasePending {
		return p, nil
	}
	charge, err := s.payments.Charge(ctx, paygw.ChargeRequest{
		CardToken:   p.CardToken,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Description: fmt.Sprintf("%d Northwind Miles", p.Miles),
		Metadata:    map[string]string{"purchase_id": p.ID, "member_id": memberID},
	}, paygw.WithIdempotencyKey("purchase-"+p.ID))
	if errors.Is(err, paygw.ErrDeclined) {
		if ferr := s.purchases.MarkFailed(ctx, p.ID, "declined"); ferr != nil {
			return domain.Purchase{}, ferr
		}
		return domain.Purchase{}, ErrDeclined
	}
	if err != nil {
		return domain.Purchase{}, err
	}
	if err := s.credit(ctx, p, charge.ID); err != nil {
		return domain.Purchase{}, err
	}
	p.Status, p.ChargeID = domain.PurchaseCaptured, charge.ID
	return p, nil
}

// credit marks a purchase captured and posts its miles once.
func (s *Service) credit(ctx context.Context, p domain.Purchase, chargeID string) error {
	return s.tx.Do(ctx, func(ctx context.Context) error {
		captured, err := s.purchases.MarkCaptured(ctx, p.ID, chargeID)
		if err != nil || !captured {
			return err
		}
		_, err = s.ledger.Post(ctx, domain.Posting{
			MemberID:  p.MemberID,
			Kind:      domain.KindPurchase,
			Miles:     p.Miles,
			Source:    "purchase",
			SourceRef: p.ID,
			ExpiresAt: domain.AccrualExpiry(time.Now().UTC()),
		})
		return err
	})
}

// refundOrigin tags refunds made by this service so the webhook does not
// apply them a second time.
const refundOrigin = "members-api"

// RefundRequest is the body of POST /members/{id}/purchases/{pid}/refunds.
type RefundRequest struct {
	Miles int64 `json:"miles"`
}

// Validate checks the request.
func (r *RefundRequest) Validate() error {
	if r.Miles <= 0 || r.Miles%1000 != 0 {
		return fmt.Errorf("miles must be a positive multiple of 1000")
	}
	return nil
}

// Refund returns unused purchased miles to the card, pro rata. Purchases can
// be refunded in part within 30 days.
func (s *Service) Refund(ctx context.Context, memberID, purchaseID string, req RefundRequest) (domain.Purchase, error) {
	p, err := s.purchases.Get(ctx, purchaseID)
	if err != nil {
		return domain.Purchase{}, err
	}
	if p.MemberID != memberID {
		return domain.Purchase{}, domain.ErrNotFound
	}
	if p.Status != domain.PurchaseCaptured || time.Since(p.CreatedAt) > 30*24*time.Hour {
		return domain.Purchase{}, fmt.Errorf("%w: purchase cannot be refunded", domain.ErrConflict)
	}
	if p.RefundedMiles+req.Miles > p.Miles {
		return domain.Purchase{}, fmt.Errorf("%w: only %d miles left to refund", domain.ErrInvalid, p.Miles-p.RefundedMiles)
	}
	m, err := s.members.Get(ctx, memberID)
	if err != nil {
		return domain.Purchase{}, err
	}
	if m.Balance < req.Miles {
		return domain.Purchase{}, domain.ErrInsufficientMiles
	}
	cents := p.AmountCents * req.Miles / p.Miles

	refund, err := s.payments.Refund(ctx, paygw.RefundRequest{
		ChargeID:    p.ChargeID,
		AmountCents: cents,
		Reason:      "requested_by_customer",
		Metadata:    map[string]string{"origin": refundOrigin, "purchase_id": p.ID},
	})
	if err != nil {
		return domain.Purchase{}, err
	}

	err = s.tx.Do(ctx, func(ctx context.Context) error {
		ok, err := s.purchases.AddRefund(ctx, p.ID, req.Miles, cents)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: purchase changed during refund", domain.ErrConflict)
		}
		_, err = s.ledger.Post(ctx, domain.Posting{
			MemberID: memberID,
			Kind:     domain.KindRefund,
			Miles:    -req.Miles,
			Source:   "purchase-refund",
			Memo:     "refund " + refund.ID,
		})
		return err
	})
	if err != nil {
		return domain.Purchase{}, err
	}
	return s.purchases.Get(ctx, p.ID)
}
