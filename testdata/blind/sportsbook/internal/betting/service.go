package betting

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/audit"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/money"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

const scopePlaceBet = "betting.place"

// Service is the player-facing betting API.
type Service interface {
	PlaceBet(ctx context.Context, in PlaceBetInput) (*Bet, error)
	CancelBet(ctx context.Context, playerID, betID string) (*Bet, error)
	CashOut(ctx context.Context, in CashOutInput) (*CashOutResult, error)
	VoidBet(ctx context.Context, betID, operator, reason string) (*Bet, error)
}

// Deps are the collaborators of the betting service.
type Deps struct {
	DB       *sqlx.DB
	Tx       db.Transactor
	Store    *Store
	Wallet   *wallet.Store
	Keys     *idem.Keys
	Limits   *limits.Service
	Outbox   *outbox.Writer
	Audit    *audit.Log
	Pricer   Pricer
	Log      *slog.Logger
	MaxStake int64
}

type service struct {
	Deps
	ledger *ledger
}

// NewService returns the betting service.
func NewService(d Deps) Service {
	if d.Pricer == nil {
		d.Pricer = &MarginPricer{Store: d.Store, DB: d.DB, MarginBP: 500}
	}
	return &service{Deps: d, ledger: &ledger{wallet: d.Wallet, outbox: d.Outbox}}
}

// PlaceBet validates the slip against the current market and price and holds
// the stake.
func (s *service) PlaceBet(ctx context.Context, in PlaceBetInput) (*Bet, error) {
	if in.RequestID == "" {
		return nil, ErrMissingRequestID
	}
	if in.FreeBetID == "" {
		if err := money.Validate(in.Stake, s.MaxStake); err != nil {
			return nil, err
		}
		if err := s.Limits.CheckStake(ctx, s.DB, in.PlayerID, in.Stake); err != nil {
			return nil, err
		}
	}
	key := in.PlayerID + ":" + in.RequestID

	return db.InTx(ctx, s.Tx, func(ctx context.Context, tx *sqlx.Tx) (*Bet, error) {
		claimed, prior, err := s.Keys.Claim(ctx, tx, scopePlaceBet, key, in.PlayerID)
		if err != nil {
			return nil, err
		}
		if !claimed {
			var b Bet
			if err := json.Unmarshal(prior, &b); err != nil {
				return nil, fmt.Errorf("betting: decode stored bet: %w", err)
			}
			return &b, nil
		}

		m, err := s.Store.market(ctx, tx, in.MarketID, true)
		if err != nil {
			return nil, err
		}
		if m.Status != "open" || !m.StartsAt.After(time.Now()) {
			return nil, ErrMarketClosed
		}
		price, err := s.Store.price(ctx, tx, in.MarketID, in.SelectionID)
		if err != nil {
			return nil, err
		}
		if price != in.PriceMilli && !(in.AcceptPriceChange && price > in.PriceMilli) {
			return nil, fmt.Errorf("%w: now %d", ErrPriceChanged, price)
		}

		b := &Bet{
			ID:          uuid.NewString(),
			PlayerID:    in.PlayerID,
			RequestID:   in.RequestID,
			EventID:     m.EventID,
			MarketID:    m.ID,
			SelectionID: in.SelectionID,
			PriceMilli:  price,
			Stake:       in.Stake,
			StakePocket: PocketCash,
			Status:      StatusOpen,
			PlacedAt:    time.Now().UTC(),
		}
		if in.FreeBetID != "" {
			amount, err := s.useFreeBet(ctx, tx, in.PlayerID, in.FreeBetID, b.ID)
			if err != nil {
				return nil, err
			}
			b.Stake = amount
			b.StakePocket = PocketFreeBet
			b.FreeBetID = &in.FreeBetID
			b.PotentialPayout = money.Payout(amount, price) - amount
		} else {
			if err := s.Wallet.Reserve(ctx, tx, b.PlayerID, b.Stake, wallet.EntryStakeReserve, "bet", b.ID); err != nil {
				return nil, err
			}
			b.PotentialPayout = money.Payout(b.Stake, price)
		}
		if err := s.Store.insertBet(ctx, tx, b); err != nil {
			return nil, err
		}
		if err := s.Outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("bet.placed", b.ID),
			Topic:        outbox.TopicBets,
			PartitionKey: b.PlayerID,
			Type:         "bet.placed",
			Payload:      b,
		}); err != nil {
			return nil, err
		}
		if err := s.Keys.Complete(ctx, tx, scopePlaceBet, key, b); err != nil {
			return nil, err
		}
		return b, nil
	})
}

func (s *service) useFreeBet(ctx context.Context, tx *sqlx.Tx, playerID, awardID, betID string) (int64, error) {
	var amount int64
	err := tx.GetContext(ctx, &amount, `
UPDATE free_bets
   SET status = 'used', used_bet_id = $3
 WHERE award_id = $1 AND player_id = $2 AND status = 'available' AND expires_at > now()
RETURNING amount`, awardID, playerID, betID)
	if db.IsNoRows(err) {
		return 0, ErrFreeBetUnusable
	}
	if err != nil {
		return 0, fmt.Errorf("betting: use free bet: %w", err)
	}
	return amount, nil
}

// CancelBet cancels an open bet within the cancel window and returns the stake.
func (s *service) CancelBet(ctx context.Context, playerID, betID string) (*Bet, error) {
	return db.InTx(ctx, s.Tx, func(ctx context.Context, tx *sqlx.Tx) (*Bet, error) {
		b, err := s.Store.transitionBet(ctx, tx, `
UPDATE bets SET status = 'cancelled', settled_at = now()
 WHERE id = $1 AND player_id = $2 AND status = 'open' AND placed_at > now() - make_interval(secs => $3)`,
			betID, playerID, CancelWindow.Seconds())
		if err != nil {
			return nil, err
		}
		if b == nil {
			cur, err := s.Store.getBet(ctx, tx, betID)
			if err != nil {
				return nil, err
			}
			if cur.PlayerID != playerID {
				return nil, ErrBetNotFound
			}
			if cur.Status == StatusCancelled {
				return cur, nil
			}
			return nil, ErrNotCancellable
		}
		if err := s.ledger.returnStake(ctx, tx, b); err != nil {
			return nil, err
		}
		return b, s.ledger.publish(ctx, tx, b, "bet.cancelled")
	})
}

// VoidBet is the back-office override that voids an open bet (palpable
// error, suspicious activity) and returns the stake.
func (s *service) VoidBet(ctx context.Context, betID, operator, reason string) (*Bet, error) {
	return db.InTx(ctx, s.Tx, func(ctx context.Context, tx *sqlx.Tx) (*Bet, error) {
		b, err := s.Store.transitionBet(ctx, tx, `
UPDATE bets SET status = 'void', settled_at = now() WHERE id = $1 AND status = 'open'`, betID)
		if err != nil {
			return nil, err
		}
		if b == nil {
			cur, err := s.Store.getBet(ctx, tx, betID)
			if err != nil {
				return nil, err
			}
			if cur.Status == StatusVoid {
				return cur, nil
			}
			return nil, fmt.Errorf("betting: bet %s is %s", betID, cur.Status)
		}
		if err := s.ledger.returnStake(ctx, tx, b); err != nil {
			return nil, err
		}
		if err := s.Audit.Record(ctx, tx, operator, "bet.void", "bet", b.ID, map[string]string{"reason": reason}); err != nil {
			return nil, err
		}
		return b, s.ledger.publish(ctx, tx, b, "bet.voided")
	})
}
