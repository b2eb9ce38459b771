package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/jobargs"
)

// reservePercent sets the auction reserve as a share of the loan payoff so a
// sale at least covers what the branch lent.
const reservePercent = 110

type AuctionService struct {
	tx       Transactor
	auctions AuctionRepository
	items    ItemRepository
	loans    LoanRepository
	credits  CreditRepository
	partner  AuctionPartner
	queue    JobQueue
	now      Clock
}

func NewAuctionService(tx Transactor, auctions AuctionRepository, items ItemRepository, loans LoanRepository, credits CreditRepository, partner AuctionPartner, queue JobQueue, now Clock) *AuctionService {
	return &AuctionService{tx: tx, auctions: auctions, items: items, loans: loans, credits: credits, partner: partner, queue: queue, now: now}
}

// ListItem consigns a forfeited item to AuctionHub and records the lot.
func (s *AuctionService) ListItem(ctx context.Context, itemID uuid.UUID) error {
	item, err := s.items.Get(ctx, itemID)
	if err != nil {
		return err
	}
	switch item.Status {
	case domain.ItemListed, domain.ItemSold:
		return nil
	case domain.ItemForfeited:
	default:
		return fmt.Errorf("item %s is %s, not forfeited", item.ID, item.Status)
	}
	loan, err := s.loans.Get(ctx, item.LoanID)
	if err != nil {
		return err
	}
	reserve := itemReserve(item, loan)

	lot, err := s.partner.CreateLot(ctx, domain.LotRequest{
		ConsignorRef: item.ID.String(),
		Title:        lotTitle(item),
		Description:  item.Description,
		Category:     item.Category,
		Reserve:      reserve,
		ShipFrom:     loan.BranchID,
	})
	if err != nil {
		return fmt.Errorf("create lot: %w", err)
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		status := domain.ListingPending
		if lot.Status == "live" {
			status = domain.ListingLive
		}
		if _, err := s.auctions.UpsertListing(ctx, domain.Listing{
			ID:         uuid.New(),
			ItemID:     item.ID,
			LotID:      lot.LotID,
			Status:     status,
			Reserve:    reserve,
			ListingURL: optional(lot.URL),
		}); err != nil {
			return err
		}
		return s.items.SetStatus(ctx, item.ID, domain.ItemListed)
	})
}

// RecordSale handles AuctionHub's lot.sold notification.
func (s *AuctionService) RecordSale(ctx context.Context, ev domain.LotSold) error {
	listing, err := s.auctions.ListingByLot(ctx, ev.LotID)
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		sale := domain.Sale{
			ID:           uuid.New(),
			LotID:        ev.LotID,
			ItemID:       listing.ItemID,
			Hammer:       ev.Hammer,
			BuyerPremium: ev.BuyerPremium,
			SoldAt:       ev.SoldAt,
		}
		if err := s.auctions.InsertSale(ctx, sale); err != nil {
			return fmt.Errorf("insert sale: %w", err)
		}
		if err := s.auctions.SetListingStatus(ctx, ev.LotID, domain.ListingSold); err != nil {
			return err
		}
		return s.items.SetStatus(ctx, listing.ItemID, domain.ItemSold)
	})
}

// RecordSettlement stores AuctionHub's settlement.paid notification and
// queues it for application.
func (s *AuctionService) RecordSettlement(ctx context.Context, ev domain.SettlementPaid) error {
	if ev.SettlementID == "" || ev.LotID == "" {
		return domain.Invalid("settlement", "settlement_id and lot_id are required")
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		st := domain.Settlement{
			ID:                  uuid.New(),
			PartnerSettlementID: ev.SettlementID,
			LotID:               ev.LotID,
			Gross:               ev.Gross,
			Fees:                ev.Fees,
			Net:                 ev.Net,
			PaidAt:              ev.PaidAt,
			Status:              domain.SettlementReceived,
		}
		inserted, err := s.auctions.InsertSettlement(ctx, st)
		if err != nil || !inserted {
			return err
		}
		return s.queue.Enqueue(ctx, jobargs.AuctionSettlement{SettlementID: st.ID}, nil)
	})
}

// ApplySettlement credits the former borrower with anything the sale raised
// above the loan payoff, as the state pawn code requires.
func (s *AuctionService) ApplySettlement(ctx context.Context, settlementID uuid.UUID) error {
	st, err := s.auctions.GetSettlement(ctx, settlementID)
	if err != nil {
		return err
	}
	if st.Status == domain.SettlementApplied {
		return nil
	}
	sale, err := s.auctions.SaleByLot(ctx, st.LotID)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("settlement %s arrived before lot.sold for %s", st.PartnerSettlementID, st.LotID)
	}
	if err != nil {
		return err
	}
	item, err := s.items.Get(ctx, sale.ItemID)
	if err != nil {
		return err
	}
	loan, err := s.loans.Get(ctx, item.LoanID)
	if err != nil {
		return err
	}

	if surplus := st.Net - loan.Payoff(); surplus > 0 {
		if err := s.credits.Insert(ctx, domain.CustomerCredit{
			ID:         uuid.New(),
			CustomerID: loan.CustomerID,
			LoanID:     &loan.ID,
			Amount:     surplus,
			Source:     domain.CreditAuctionSurplus,
			Reference:  st.PartnerSettlementID,
		}); err != nil {
			return fmt.Errorf("credit surplus: %w", err)
		}
	}
	return s.auctions.MarkSettlementApplied(ctx, st.ID, s.now())
}

func itemReserve(item domain.Item, loan domain.Loan) domain.Cents {
	// Multi-item tickets would need the payoff split across the goods; capping
	// at the item's own appraisal keeps the reserve sane without that.
	floor := domain.Cents(int64(loan.Payoff()) * reservePercent / 100)
	if item.Appraised < floor {
		return item.Appraised
	}
	return floor
}

func lotTitle(item domain.Item) string {
	title := item.Description
	if item.Brand != nil && *item.Brand != "" {
		title = *item.Brand + " " + title
	}
	if len(title) > 80 {
		title = title[:80]
	}
	return title
}
