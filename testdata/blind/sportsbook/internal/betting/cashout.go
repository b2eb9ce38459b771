package betting

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/wallet"
)

// Pricer values open bets for cash-out.
type Pricer interface {
	Offer(ctx context.Context, b *Bet) (int64, error)
}

// MarginPricer offers the bet's fair value at the current price minus a
// margin in basis points.
type MarginPricer struct {
	Store    *Store
	DB       *sqlx.DB
	MarginBP int64
}

// Offer implements Pricer.
func (p *MarginPricer) Offer(ctx context.Context, b *Bet) (int64, error) {
	m, err := p.Store.market(ctx, p.DB, b.MarketID, false)
	if err != nil {
		return 0, err
	}
	if m.Status != "open" && m.Status != "suspended" {
		return 0, ErrNotCashable
	}
	current, err := p.Store.price(ctx, p.DB, b.MarketID, b.SelectionID)
	if err != nil {
		return 0, err
	}
	fair := b.Stake * b.PriceMilli / current
	if b.StakePocket == PocketFreeBet {
		fair -= b.Stake
	}
	offer := fair * (10000 - p.MarginBP) / 10000
	if offer <= 0 {
		return 0, ErrNotCashable
	}
	return offer, nil
}

// CashOut settles an open bet early at the current offer.
func (s *service) CashOut(ctx context.Context, in CashOutInput) (*CashOutResult, error) {
	b, err := s.Store.getBet(ctx, s.DB, in.BetID)
	if err != nil {
		return nil, err
	}
	if b.PlayerID != in.PlayerID {
		return nil, ErrBetNotFound
	}
	if b.Status != StatusOpen {
		return nil, ErrNotCashable
	}
	offer, err := s.Pricer.Offer(ctx, b)
	if err != nil {
		return nil, err
	}
	if in.MinAmount > 0 && offer < in.MinAmount {
		return nil, fmt.Errorf("%w: offer %d", ErrOfferBelowMinimum, offer)
	}

	err = s.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		return s.ledger.pay(ctx, tx, b, offer, wallet.EntryCashout)
	})
	if err != nil {
		return nil, err
	}
	if err := s.markCashedOut(ctx, b, offer); err != nil {
		return nil, err
	}
	return &CashOutResult{BetID: b.ID, Amount: offer, Status: StatusCashedOut}, nil
}

func (s *service) markCashedOut(ctx context.Context, b *Bet, amount int64) error {
	return s.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		updated, err := s.Store.transitionBet(ctx, tx, `
UPDATE bets SET status = 'cashed_out', payout = $2, settled_at = now()
 WHERE id = $1 AND status = 'open'`, b.ID, amount)
		if err != nil {
			return err
		}
		if updated == nil {
			return fmt.Errorf("%w: bet %s settled concurrently", ErrNotCashable, b.ID)
		}
		return s.ledger.publish(ctx, tx, updated, "bet.cashed_out")
	})
}
