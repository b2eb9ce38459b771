// Package auctions runs lien sales of units whose tenants have defaulted:
// scheduling, the statutory notice letters, settlement with the winning
// bidder and disbursement of the proceeds.
package auctions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/ids"
	"github.com/baywarden/storagedesk/internal/provider/postroute"
	"github.com/baywarden/storagedesk/internal/provider/stripepay"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/store"
)

// Store is the auction side of storage.
type Store interface {
	ScheduleAuction(ctx context.Context, a domain.Auction) (*domain.Auction, bool, error)
	Auction(ctx context.Context, id string) (*domain.Auction, error)
	MarkNoticed(ctx context.Context, id string) error
	RecordSale(ctx context.Context, id string, bid int64, buyerName, buyerEmail, piID string, at time.Time) (bool, error)
	MarkDisbursed(ctx context.Context, id string) error
	RecordSurplus(ctx context.Context, auctionID, rentalID string, amount int64) error
	MarkNoticeSent(ctx context.Context, auctionID, kind, providerRef string) error
	Notice(ctx context.Context, auctionID, kind string) (*store.AuctionNotice, error)
}

// NoticeLog claims notice rows.
type NoticeLog interface {
	InsertIgnore(ctx context.Context, v *store.AuctionNotice, conflict ...string) (bool, error)
}

// Rentals is what auctions reads and changes on rentals and units.
type Rentals interface {
	Rental(ctx context.Context, id string) (*domain.Rental, error)
	Customer(ctx context.Context, id string) (*domain.Customer, error)
	Unit(ctx context.Context, id string) (*domain.Unit, error)
	Facility(ctx context.Context, id string) (*domain.Facility, error)
	SetUnitStatus(ctx context.Context, unitID string, st domain.UnitStatus) error
	TransitionRental(ctx context.Context, rentalID string, from []domain.RentalStatus, to domain.RentalStatus) (bool, error)
	AdjustBalance(ctx context.Context, rentalID string, delta int64) (int64, error)
	CloseRental(ctx context.Context, rentalID string, on time.Time) error
}

// Ledger posts auction proceeds.
type Ledger interface {
	PostEntry(ctx context.Context, e domain.LedgerEntry) error
}

// Payments charges the winning bidder.
type Payments interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest, opts ...stripepay.CallOption) (*stripepay.Charge, error)
}

// Mailer sends certified letters.
type Mailer interface {
	SendLetter(ctx context.Context, l postroute.Letter, idempotencyKey string) (*postroute.LetterResult, error)
}

type Service struct {
	tx      store.TxRunner
	store   Store
	notices NoticeLog
	rentals Rentals
	ledger  Ledger
	pay     Payments
	mail    Mailer
	queue   queue.Enqueuer
	log     *slog.Logger
	now     func() time.Time
	// NoticeLead is how far ahead of the sale the pre-sale notice is mailed.
	NoticeLead time.Duration
}

func New(tx store.TxRunner, st Store, notices NoticeLog, rentals Rentals, ledger Ledger,
	pay Payments, mail Mailer, q queue.Enqueuer, log *slog.Logger) *Service {
	return &Service{
		tx: tx, store: st, notices: notices, rentals: rentals, ledger: ledger, pay: pay, mail: mail,
		queue: q, log: log, now: time.Now, NoticeLead: 14 * 24 * time.Hour,
	}
}

// ScheduleRequest puts a lien unit up for sale.
type ScheduleRequest struct {
	SaleDate string `json:"sale_date" binding:"required"`
}

// Schedule creates the auction for a rental in default and queues the
// pre-sale notice letter.
func (s *Service) Schedule(ctx context.Context, rentalID string, req ScheduleRequest) (*domain.Auction, error) {
	date, err := time.Parse(time.DateOnly, req.SaleDate)
	if err != nil {
		return nil, fmt.Errorf("sale_date: %w", domain.ErrConflict)
	}
	r, err := s.rentals.Rental(ctx, rentalID)
	if err != nil {
		return nil, err
	}
	if r.Status != domain.RentalOverlocked && r.Status != domain.RentalLien {
		return nil, fmt.Errorf("rental %s is %s: %w", r.ID, r.Status, domain.ErrInvalidState)
	}
	var a *domain.Auction
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var created bool
		a, created, err = s.store.ScheduleAuction(ctx, domain.Auction{
			ID:           ids.New("auc"),
			RentalID:     r.ID,
			UnitID:       r.UnitID,
			ScheduledFor: date,
		})
		if err != nil || !created {
			return err
		}
		if _, err := s.rentals.TransitionRental(ctx, r.ID,
			[]domain.RentalStatus{domain.RentalOverlocked}, domain.RentalLien); err != nil {
			return err
		}
		if err := s.rentals.SetUnitStatus(ctx, r.UnitID, domain.UnitAuction); err != nil {
			return err
		}
		return s.queue.Enqueue(ctx, queue.TypeAuctionNotice,
			queue.AuctionNoticePayload{AuctionID: a.ID, Kind: "pre_sale"},
			queue.ID("auction-notice", a.ID, "pre_sale"))
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// SendNotice mails a lien notice letter for an auction.
func (s *Service) SendNotice(ctx context.Context, auctionID, kind string) error {
	a, err := s.store.Auction(ctx, auctionID)
	if err != nil {
		return err
	}
	if a.Status == domain.AuctionCancelled {
		return nil
	}
	if _, err := s.notices.InsertIgnore(ctx, &store.AuctionNotice{
		AuctionID: a.ID,
		Kind:      kind,
		Status:    "sending",
		CreatedAt: s.now(),
	}, "auction_id", "kind"); err != nil {
		return err
	}
	n, err := s.store.Notice(ctx, a.ID, kind)
	if err != nil {
		return err
	}
	if n.Status == "sent" {
		return nil
	}
	r, err := s.rentals.Rental(ctx, a.RentalID)
	if err != nil {
		return err
	}
	cust, err := s.rentals.Customer(ctx, r.CustomerID)
	if err != nil {
		return err
	}
	unit, err := s.rentals.Unit(ctx, a.UnitID)
	if err != nil {
		return err
	}
	fac, err := s.rentals.Facility(ctx, unit.FacilityID)
	if err != nil {
		return err
	}
	res, err := s.mail.SendLetter(ctx, postroute.Letter{
		To:       postroute.Address{Name: cust.FullName, Country: "US"},
		Template: "lien_" + kind,
		Merge: map[string]string{
			"facility":  fac.Name,
			"unit":      unit.Label,
			"balance":   domain.Money(r.BalanceCents),
			"sale_date": a.ScheduledFor.Format("January 2, 2006"),
		},
		Certified: true,
	}, "lien-"+a.ID+"-"+kind)
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.store.MarkNoticeSent(ctx, a.ID, kind, res.ID); err != nil {
			return err
		}
		return s.store.MarkNoticed(ctx, a.ID)
	})
}

// Sale is the result of the auction.
type Sale struct {
	BidCents             int64  `json:"bid_cents" binding:"required,gt=0"`
	BuyerName            string `json:"buyer_name" binding:"required"`
	BuyerEmail           string `json:"buyer_email" binding:"required,email"`
	BuyerPaymentMethodID string `json:"buyer_payment_method_id" binding:"required"`
}

// Settle charges the winning bidder and records the sale.
func (s *Service) Settle(ctx context.Context, auctionID string, sale Sale) (*domain.Auction, error) {
	a, err := s.store.Auction(ctx, auctionID)
	if err != nil {
		return nil, err
	}
	if a.Status != domain.AuctionScheduled && a.Status != domain.AuctionNoticed {
		return nil, fmt.Errorf("auction %s is %s: %w", a.ID, a.Status, domain.ErrInvalidState)
	}
	unit, err := s.rentals.Unit(ctx, a.UnitID)
	if err != nil {
		return nil, err
	}
	charge, err := s.pay.Charge(ctx, stripepay.ChargeRequest{
		PaymentMethodID: sale.BuyerPaymentMethodID,
		AmountCents:     sale.BidCents,
		Description:     "Lien sale, unit " + unit.Label,
		ReceiptEmail:    sale.BuyerEmail,
	},
		stripepay.WithIdempotencyKey(stripepay.NewKey()),
		stripepay.WithMetadata(map[string]string{"auction_id": a.ID}))
	if err != nil {
		return nil, err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ok, err := s.store.RecordSale(ctx, a.ID, sale.BidCents, sale.BuyerName, sale.BuyerEmail, charge.IntentID, s.now())
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("auction %s settled concurrently: %w", a.ID, domain.ErrConflict)
		}
		return s.queue.Enqueue(ctx, queue.TypeAuctionDisburse,
			queue.AuctionDisbursePayload{AuctionID: a.ID}, queue.ID("disburse", a.ID), asynq.MaxRetry(10))
	})
	if err != nil {
		return nil, err
	}
	return s.store.Auction(ctx, a.ID)
}

// Disburse applies the sale proceeds to the tenant's balance, records any
// surplus owed to the tenant and closes out the rental.
func (s *Service) Disburse(ctx context.Context, auctionID string) error {
	a, err := s.store.Auction(ctx, auctionID)
	if err != nil {
		return err
	}
	switch a.Status {
	case domain.AuctionDisbursed:
		return nil
	case domain.AuctionSettled:
	default:
		return fmt.Errorf("auction %s is %s: %w", a.ID, a.Status, asynq.SkipRetry)
	}
	if a.WinningBidCents == nil {
		return errors.New("settled auction without a bid")
	}
	r, err := s.rentals.Rental(ctx, a.RentalID)
	if err != nil {
		return err
	}
	bid := *a.WinningBidCents
	applied := min(bid, max(r.BalanceCents, 0))
	surplus := bid - applied

	if applied > 0 {
		err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
			if err := s.ledger.PostEntry(ctx, domain.LedgerEntry{
				ID:          ids.New("led"),
				RentalID:    r.ID,
				Kind:        domain.LedgerAuctionProceeds,
				AmountCents: -applied,
				Ref:         &a.ID,
				Memo:        "Lien sale proceeds",
			}); err != nil {
				return err
			}
			_, err := s.rentals.AdjustBalance(ctx, r.ID, -applied)
			return err
		})
		if err != nil {
			return fmt.Errorf("apply proceeds: %w", err)
		}
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if surplus > 0 {
			if err := s.store.RecordSurplus(ctx, a.ID, r.ID, surplus); err != nil {
				return err
			}
		}
		if err := s.store.MarkDisbursed(ctx, a.ID); err != nil {
			return err
		}
		if err := s.rentals.CloseRental(ctx, r.ID, s.now()); err != nil {
			return err
		}
		return s.rentals.SetUnitStatus(ctx, a.UnitID, domain.UnitCleaning)
	})
}
