package betting

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/ids"
	"github.com/kickoffbet/sportsbook/internal/money"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

// Settler applies feed results to bets. It is driven by the results
// consumer.
type Settler struct {
	db        *sqlx.DB
	tx        db.Transactor
	store     *Store
	ledger    *ledger
	processed *idem.Processed
	ids       ids.Generator
	log       *slog.Logger
}

// NewSettler returns a Settler.
func NewSettler(conn *sqlx.DB, tx db.Transactor, store *Store, ws *wallet.Store, ob *outbox.Writer,
	processed *idem.Processed, log *slog.Logger) *Settler {
	return &Settler{
		db: conn, tx: tx, store: store,
		ledger:    &ledger{wallet: ws, outbox: ob},
		processed: processed,
		ids:       ids.UUID,
		log:       log,
	}
}

func outcomeFor(b *Bet, winner string) (status string, payout int64) {
	if b.SelectionID != winner {
		return StatusLost, 0
	}
	if b.StakePocket == PocketFreeBet {
		return StatusWon, money.Payout(b.Stake, b.PriceMilli) - b.Stake
	}
	return StatusWon, money.Payout(b.Stake, b.PriceMilli)
}

// SettleMarket records the market result and settles each open bet on it in
// its own transaction.
func (st *Settler) SettleMarket(ctx context.Context, r MarketResult) (int, error) {
	if _, err := st.db.ExecContext(ctx, `
UPDATE markets
   SET status = 'settled', winning_selection = $2, result_seq = $3, settled_at = COALESCE(settled_at, now())
 WHERE id = $1 AND result_seq <= $3`, r.MarketID, r.WinningSelection, r.Seq); err != nil {
		return 0, fmt.Errorf("betting: record result: %w", err)
	}
	open, err := st.store.openBetsForMarket(ctx, st.db, r.MarketID)
	if err != nil {
		return 0, err
	}
	settled := 0
	for i := range open {
		status, payout := outcomeFor(&open[i], r.WinningSelection)
		done, err := db.InTx(ctx, st.tx, func(ctx context.Context, tx *sqlx.Tx) (bool, error) {
			b, err := st.store.transitionBet(ctx, tx, `
UPDATE bets SET status = $2, payout = $3, settled_at = now()
 WHERE id = $1 AND status = 'open'`, open[i].ID, status, payout)
			if err != nil || b == nil {
				return false, err
			}
			if err := st.ledger.pay(ctx, tx, b, payout, wallet.EntryBetWin); err != nil {
				return false, err
			}
			return true, st.ledger.publish(ctx, tx, b, "bet.settled")
		})
		if err != nil {
			return settled, fmt.Errorf("betting: settle bet %s: %w", open[i].ID, err)
		}
		if done {
			settled++
		}
	}
	return settled, nil
}

// VoidEvent handles an abandoned or cancelled event: every open bet on it is
// void and stakes go back to the players.
func (st *Settler) VoidEvent(ctx context.Context, eventID, reason string) (int, error) {
	open, err := st.store.openBetsForEvent(ctx, st.db, eventID)
	if err != nil {
		return 0, err
	}
	voided := 0
	for i := range open {
		b := &open[i]
		if err := st.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
			return st.ledger.returnStake(ctx, tx, b)
		}); err != nil {
			return voided, fmt.Errorf("betting: refund stake %s: %w", b.ID, err)
		}
		ok, err := st.store.Bets.UpdateStatus(ctx, st.db, b.ID, StatusOpen, StatusVoid)
		if err != nil {
			return voided, err
		}
		if ok {
			voided++
		}
	}
	if _, err := st.db.ExecContext(ctx, `
UPDATE markets SET status = 'void' WHERE event_id = $1 AND status IN ('open', 'suspended')`, eventID); err != nil {
		return voided, fmt.Errorf("betting: void markets: %w", err)
	}
	st.log.Info("event voided", "event", eventID, "reason", reason, "bets", voided)
	return voided, nil
}

// CorrectResult re-settles a market after the feed replaced its result. Each
// bet is brought in line with the market's current winner.
func (st *Settler) CorrectResult(ctx context.Context, c Correction) (int, error) {
	if _, err := st.db.ExecContext(ctx, `
UPDATE markets SET winning_selection = $2, result_seq = $3
 WHERE id = $1 AND result_seq < $3`, c.MarketID, c.WinningSelection, c.Seq); err != nil {
		return 0, fmt.Errorf("betting: record correction: %w", err)
	}
	m, err := st.store.market(ctx, st.db, c.MarketID, false)
	if err != nil {
		return 0, err
	}
	if m.WinningSelection == nil {
		return 0, nil
	}
	winner := *m.WinningSelection
	bets, err := st.store.settledBetsForMarket(ctx, st.db, c.MarketID, StatusWon, StatusLost)
	if err != nil {
		return 0, err
	}
	changed := 0
	for i := range bets {
		id := bets[i].ID
		did, err := db.InTx(ctx, st.tx, func(ctx context.Context, tx *sqlx.Tx) (bool, error) {
			b, err := st.store.lockBet(ctx, tx, id)
			if err != nil {
				return false, err
			}
			if b.Status != StatusWon && b.Status != StatusLost {
				return false, nil
			}
			status, payout := outcomeFor(b, winner)
			if status == b.Status && payout == b.Payout {
				return false, nil
			}
			prev := b.Status
			applied, err := st.ledger.adjust(ctx, tx, b, payout-b.Payout)
			if err != nil {
				return false, err
			}
			if _, err := tx.ExecContext(ctx, `
UPDATE bets SET status = $2, payout = $3, settled_at = now() WHERE id = $1`, b.ID, status, payout); err != nil {
				return false, fmt.Errorf("betting: resettle: %w", err)
			}
			if err := st.store.insertResettlement(ctx, tx, st.ids.New(), b.ID, c.CorrectionID, prev, status, applied); err != nil {
				return false, err
			}
			b.Status, b.Payout = status, payout
			return true, st.ledger.publish(ctx, tx, b, "bet.resettled", c.CorrectionID)
		})
		if err != nil {
			return changed, err
		}
		if did {
			changed++
		}
	}
	return changed, nil
}

// ApplyDeduction reduces the winnings of won bets on a market by a
// percentage (Rule 4) after a runner was withdrawn late.
func (st *Settler) ApplyDeduction(ctx context.Context, d Deduction) (int, error) {
	seen, err := st.processed.Seen(ctx, st.db, d.EventID)
	if err != nil {
		return 0, err
	}
	if seen {
		st.log.Info("deduction already applied", "event", d.EventID)
		return 0, nil
	}
	if d.Percent <= 0 || d.Percent >= 100 {
		return 0, fmt.Errorf("betting: deduction of %d%% out of range", d.Percent)
	}
	won, err := st.store.settledBetsForMarket(ctx, st.db, d.MarketID, StatusWon)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range won {
		b := &won[i]
		winnings := b.Payout - b.Stake
		if b.StakePocket == PocketFreeBet {
			winnings = b.Payout
		}
		cut := winnings * d.Percent / 100
		if cut <= 0 {
			continue
		}
		err := st.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
			if _, err := tx.ExecContext(ctx, `
UPDATE bets SET payout = payout - $2 WHERE id = $1 AND status = 'won'`, b.ID, cut); err != nil {
				return fmt.Errorf("betting: apply deduction: %w", err)
			}
			applied, err := st.ledger.adjust(ctx, tx, b, -cut)
			if err != nil {
				return err
			}
			return st.store.insertResettlement(ctx, tx, st.ids.New(), b.ID, d.EventID, StatusWon, StatusWon, applied)
		})
		if err != nil {
			return n, fmt.Errorf("betting: deduction on bet %s: %w", b.ID, err)
		}
		n++
	}
	if _, err := st.processed.Mark(ctx, st.db, d.EventID); err != nil {
		return n, err
	}
	return n, nil
}

// UpdateOdds stores a feed price unless a newer one is already stored.
func (st *Settler) UpdateOdds(ctx context.Context, u OddsUpdate) (bool, error) {
	res, err := st.db.ExecContext(ctx, `
INSERT INTO odds (market_id, selection_id, price_milli, feed_seq, updated_at)
VALUES ($1, $2, $3, $4, now())
ON CONFLICT (market_id, selection_id) DO UPDATE
   SET price_milli = EXCLUDED.price_milli, feed_seq = EXCLUDED.feed_seq, updated_at = now()
 WHERE odds.feed_seq < EXCLUDED.feed_seq`, u.MarketID, u.SelectionID, u.PriceMilli, u.Seq)
	if err != nil {
		return false, fmt.Errorf("betting: update odds: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
