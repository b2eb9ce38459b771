package betting

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
)

// Store is the SQL layer for bets, markets and odds.
type Store struct {
	Bets *db.Repo[Bet]
}

// NewStore returns a Store.
func NewStore() *Store {
	return &Store{Bets: db.NewRepo[Bet]("bets", "id")}
}

const betCols = `id, player_id, request_id, event_id, market_id, selection_id, price_milli, stake,
       stake_pocket, free_bet_id, potential_payout, status, payout, placed_at, settled_at`

func (s *Store) getBet(ctx context.Context, q db.Queryer, id string) (*Bet, error) {
	var b Bet
	err := q.GetContext(ctx, &b, `SELECT `+betCols+` FROM bets WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrBetNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("betting: get bet: %w", err)
	}
	return &b, nil
}

func (s *Store) lockBet(ctx context.Context, tx *sqlx.Tx, id string) (*Bet, error) {
	var b Bet
	err := tx.GetContext(ctx, &b, `SELECT `+betCols+` FROM bets WHERE id = $1 FOR UPDATE`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrBetNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("betting: lock bet: %w", err)
	}
	return &b, nil
}

// transitionBet runs an UPDATE on bets and returns the updated row, or nil
// when no row matched.
func (s *Store) transitionBet(ctx context.Context, q db.Queryer, query string, args ...any) (*Bet, error) {
	var b Bet
	err := q.GetContext(ctx, &b, query+` RETURNING `+betCols, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("betting: update bet: %w", err)
	}
	return &b, nil
}

func (s *Store) insertBet(ctx context.Context, tx *sqlx.Tx, b *Bet) error {
	_, err := tx.NamedExecContext(ctx, `
INSERT INTO bets (id, player_id, request_id, event_id, market_id, selection_id, price_milli, stake,
                  stake_pocket, free_bet_id, potential_payout, status)
VALUES (:id, :player_id, :request_id, :event_id, :market_id, :selection_id, :price_milli, :stake,
        :stake_pocket, :free_bet_id, :potential_payout, 'open')`, b)
	if err != nil {
		return fmt.Errorf("betting: insert bet: %w", err)
	}
	return nil
}

func (s *Store) openBetsForMarket(ctx context.Context, q db.Queryer, marketID string) ([]Bet, error) {
	var out []Bet
	err := q.SelectContext(ctx, &out, `SELECT `+betCols+` FROM bets WHERE market_id = $1 AND status = 'open' ORDER BY placed_at`, marketID)
	if err != nil {
		return nil, fmt.Errorf("betting: open bets: %w", err)
	}
	return out, nil
}

func (s *Store) openBetsForEvent(ctx context.Context, q db.Queryer, eventID string) ([]Bet, error) {
	var out []Bet
	err := q.SelectContext(ctx, &out, `SELECT `+betCols+` FROM bets WHERE event_id = $1 AND status = 'open' ORDER BY placed_at`, eventID)
	if err != nil {
		return nil, fmt.Errorf("betting: open bets for event: %w", err)
	}
	return out, nil
}

func (s *Store) settledBetsForMarket(ctx context.Context, q db.Queryer, marketID string, statuses ...string) ([]Bet, error) {
	query, args, err := sqlx.In(`SELECT `+betCols+` FROM bets WHERE market_id = ? AND status IN (?) ORDER BY placed_at`, marketID, statuses)
	if err != nil {
		return nil, err
	}
	var out []Bet
	if err := q.SelectContext(ctx, &out, sqlx.Rebind(sqlx.DOLLAR, query), args...); err != nil {
		return nil, fmt.Errorf("betting: settled bets: %w", err)
	}
	return out, nil
}

func (s *Store) market(ctx context.Context, q db.Queryer, id string, forShare bool) (*Market, error) {
	query := `SELECT id, event_id, name, status, winning_selection, result_seq, starts_at, settled_at FROM markets WHERE id = $1`
	if forShare {
		query += ` FOR SHARE`
	}
	var m Market
	err := q.GetContext(ctx, &m, query, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("betting: market %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("betting: market: %w", err)
	}
	return &m, nil
}

func (s *Store) price(ctx context.Context, q db.Queryer, marketID, selectionID string) (int64, error) {
	var p int64
	err := q.GetContext(ctx, &p, `SELECT price_milli FROM odds WHERE market_id = $1 AND selection_id = $2`, marketID, selectionID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrMarketClosed
	}
	if err != nil {
		return 0, fmt.Errorf("betting: price: %w", err)
	}
	return p, nil
}

func (s *Store) insertResettlement(ctx context.Context, tx *sqlx.Tx, id, betID, correctionID, prev, next string, delta int64) error {
	_, err := tx.ExecContext(ctx, `
INSERT INTO bet_resettlements (id, bet_id, correction_id, previous_status, new_status, delta)
VALUES ($1, $2, $3, $4, $5, $6)`, id, betID, correctionID, prev, next, delta)
	if err != nil {
		return fmt.Errorf("betting: insert resettlement: %w", err)
	}
	return nil
}
