package service

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/posbridge"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// POSEvents applies events from the clubhouse point of sale.
type POSEvents interface {
	SaleCompleted(ctx context.Context, env posbridge.Envelope, sale posbridge.SaleCompleted) error
	SaleVoided(ctx context.Context, env posbridge.Envelope, void posbridge.SaleVoided) error
	CartRental(ctx context.Context, env posbridge.Envelope, rental posbridge.CartRental) error
	AccountPayment(ctx context.Context, env posbridge.Envelope, pay posbridge.AccountPayment) error
}

// POSParams are the dependencies of the POS event service.
type POSParams struct {
	fx.In

	Log      *zap.Logger
	UoW      db.UnitOfWork
	Accounts store.AccountStore
	Ledger   store.LedgerStore
	Inbox    store.POSInboxStore
	Rentals  store.CartRentalStore
	Bookings store.BookingStore
}

type posService struct {
	log      *zap.Logger
	uow      db.UnitOfWork
	accounts store.AccountStore
	ledger   store.LedgerStore
	inbox    store.POSInboxStore
	rentals  store.CartRentalStore
	bookings store.BookingStore
	newID    ids.Func
	now      func() time.Time
}

// NewPOSService builds the POS event service.
func NewPOSService(p POSParams) *posService {
	return &posService{
		log:      p.Log.Named("pos"),
		uow:      p.UoW,
		accounts: p.Accounts,
		ledger:   p.Ledger,
		inbox:    p.Inbox,
		rentals:  p.Rentals,
		bookings: p.Bookings,
		newID:    ids.NewULID,
		now:      func() time.Time { return time.Now().UTC() },
	}
}

// SaleCompleted posts a till sale tendered to the member's account: one
// ledger line per receipt line, and the total onto the balance.
func (s *posService) SaleCompleted(ctx context.Context, env posbridge.Envelope, sale posbridge.SaleCompleted) error {
	if sale.Tender != posbridge.TenderMemberAccount {
		return nil // card and cash sales never touch the tab
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		acct, err := s.accounts.ForMember(ctx, sale.MemberID, true)
		if err != nil {
			return notFoundOr(err, "pro-shop account")
		}
		for _, line := range sale.Lines {
			if _, err := s.ledger.Append(ctx, store.LedgerLine{
				AccountID:   acct.ID,
				AmountCents: line.AmountCents,
				Kind:        "pos_sale",
				SourceRef:   sale.SaleID,
				Description: fmt.Sprintf("%d x %s", line.Qty, line.Description),
			}); err != nil {
				return err
			}
		}
		return s.accounts.AdjustBalance(ctx, acct.ID, sale.TotalCents)
	})
}

// SaleVoided reverses an account sale. The reversal's ledger id is derived
// from the POS void id, so a re-sent void posts once.
func (s *posService) SaleVoided(ctx context.Context, env posbridge.Envelope, void posbridge.SaleVoided) error {
	if void.Tender != posbridge.TenderMemberAccount {
		return nil
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		acct, err := s.accounts.ForMember(ctx, void.MemberID, true)
		if err != nil {
			return notFoundOr(err, "pro-shop account")
		}
		posted, err := s.ledger.AppendOnce(ctx, ids.Derive("pos-void", void.VoidID), store.LedgerLine{
			AccountID:   acct.ID,
			AmountCents: -void.AmountCents,
			Kind:        "pos_void",
			SourceRef:   void.SaleID,
			Description: "Void of sale " + void.SaleID,
		})
		if err != nil || !posted {
			return err
		}
		return s.accounts.AdjustBalance(ctx, acct.ID, -void.AmountCents)
	})
}

// CartRental records carts signed out at the desk and charges them to the
// booking member's tab. The POS ticket id is unique per rental.
func (s *posService) CartRental(ctx context.Context, env posbridge.Envelope, rental posbridge.CartRental) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		b, err := s.bookings.Get(ctx, rental.BookingID)
		if err != nil {
			return notFoundOr(err, "booking")
		}
		acct, err := s.accounts.ForMember(ctx, b.MemberID, true)
		if err != nil {
			return notFoundOr(err, "pro-shop account")
		}
		rec := &domain.CartRental{
			ID:          s.newID(),
			POSTicketID: rental.TicketID,
			BookingID:   b.ID,
			AccountID:   acct.ID,
			Carts:       rental.Carts,
			AmountCents: rental.AmountCents,
			CreatedAt:   s.now(),
		}
		created, err := s.rentals.CreateIgnoreConflict(ctx, rec, "pos_ticket_id")
		if err != nil || !created {
			return err
		}
		if _, err := s.ledger.AppendOnce(ctx, ids.Derive("cart-rental", rental.TicketID), store.LedgerLine{
			AccountID:   acct.ID,
			AmountCents: rental.AmountCents,
			Kind:        "cart_rental",
			SourceRef:   rental.TicketID,
			Description: fmt.Sprintf("Cart hire x%d", rental.Carts),
		}); err != nil {
			return err
		}
		if err := s.accounts.AdjustBalance(ctx, acct.ID, rental.AmountCents); err != nil {
			return err
		}
		_, err = s.bookings.Update(ctx, b.ID, map[string]any{"carts": rental.Carts, "updated_at": s.now()})
		return err
	})
}

// AccountPayment applies a counter payment against the tab. The POS event
// id is claimed in the same transaction as the balance change.
func (s *posService) AccountPayment(ctx context.Context, env posbridge.Envelope, pay posbridge.AccountPayment) error {
	if pay.AmountCents <= 0 {
		return fmt.Errorf("pos payment %s: non-positive amount %d", pay.PaymentID, pay.AmountCents)
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		first, err := s.inbox.Claim(ctx, env.EventID, env.Type)
		if err != nil || !first {
			return err
		}
		acct, err := s.accounts.ForMember(ctx, pay.MemberID, true)
		if err != nil {
			return notFoundOr(err, "pro-shop account")
		}
		if _, err := s.ledger.Append(ctx, store.LedgerLine{
			AccountID:   acct.ID,
			AmountCents: -pay.AmountCents,
			Kind:        "counter_payment",
			SourceRef:   pay.PaymentID,
			Description: "Payment at counter (" + pay.Tender + ")",
		}); err != nil {
			return err
		}
		return s.accounts.AdjustBalance(ctx, acct.ID, -pay.AmountCents)
	})
}
