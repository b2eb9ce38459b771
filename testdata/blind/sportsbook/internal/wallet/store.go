package wallet

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
)

// Store is the hand-written SQL layer for wallets and the ledger. Methods that
// change balances take a *sqlx.Tx: callers decide the transaction boundary.
type Store struct{}

// NewStore returns a Store.
func NewStore() *Store { return &Store{} }

const lockWalletSQL = `
SELECT player_id, currency, cash_balance, bonus_balance, reserved, version, updated_at
  FROM wallets
 WHERE player_id = $1
   FOR UPDATE`

// Lock loads and row-locks a wallet.
func (s *Store) Lock(ctx context.Context, tx *sqlx.Tx, playerID string) (*Wallet, error) {
	var w Wallet
	if err := tx.GetContext(ctx, &w, lockWalletSQL, playerID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrWalletNotFound
		}
		return nil, fmt.Errorf("wallet: lock %s: %w", playerID, err)
	}
	return &w, nil
}

// Get loads a wallet without locking.
func (s *Store) Get(ctx context.Context, q db.Queryer, playerID string) (*Wallet, error) {
	var w Wallet
	err := q.GetContext(ctx, &w, `
SELECT player_id, currency, cash_balance, bonus_balance, reserved, version, updated_at
  FROM wallets WHERE player_id = $1`, playerID)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrWalletNotFound
		}
		return nil, fmt.Errorf("wallet: get %s: %w", playerID, err)
	}
	return &w, nil
}

const applyCashSQL = `
UPDATE wallets
   SET cash_balance = cash_balance + $2,
       version = version + 1,
       updated_at = now()
 WHERE player_id = $1
   AND cash_balance - reserved + $2 >= 0
RETURNING cash_balance`

const applyBonusSQL = `
UPDATE wallets
   SET bonus_balance = GREATEST(bonus_balance + $2, 0),
       version = version + 1,
       updated_at = now()
 WHERE player_id = $1
RETURNING bonus_balance`

const insertLedgerSQL = `
INSERT INTO ledger_entries (player_id, pocket, amount, entry_type, ref_type, ref_id, balance_after)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

// Apply moves money into or out of the cash or bonus pocket and journals it.
// Debits fail with ErrInsufficientFunds if they would dip into reserved cash.
func (s *Store) Apply(ctx context.Context, tx *sqlx.Tx, m Movement) (int64, error) {
	if m.Amount == 0 {
		return 0, errors.New("wallet: zero movement")
	}
	var query string
	switch m.Pocket {
	case Cash:
		query = applyCashSQL
	case Bonus:
		query = applyBonusSQL
	default:
		return 0, fmt.Errorf("wallet: cannot apply to pocket %q", m.Pocket)
	}
	var after int64
	if err := tx.QueryRowxContext(ctx, query, m.PlayerID, m.Amount).Scan(&after); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return 0, s.explainMiss(ctx, tx, m.PlayerID)
		}
		return 0, fmt.Errorf("wallet: apply %s: %w", m.EntryType, err)
	}
	if err := s.journal(ctx, tx, m, after); err != nil {
		return 0, err
	}
	return after, nil
}

const reserveSQL = `
UPDATE wallets
   SET reserved = reserved + $2,
       version = version + 1,
       updated_at = now()
 WHERE player_id = $1
   AND cash_balance - reserved >= $2
RETURNING reserved`

// Reserve holds amount of available cash for an open bet or a pending
// withdrawal.
func (s *Store) Reserve(ctx context.Context, tx *sqlx.Tx, playerID string, amount int64, entryType, refType, refID string) error {
	var after int64
	if err := tx.QueryRowxContext(ctx, reserveSQL, playerID, amount).Scan(&after); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return s.explainMiss(ctx, tx, playerID)
		}
		return fmt.Errorf("wallet: reserve: %w", err)
	}
	return s.journal(ctx, tx, Movement{
		PlayerID: playerID, Pocket: Reserved, Amount: amount,
		EntryType: entryType, RefType: refType, RefID: refID,
	}, after)
}

const releaseSQL = `
UPDATE wallets
   SET reserved = reserved - $2,
       version = version + 1,
       updated_at = now()
 WHERE player_id = $1
   AND reserved >= $2
RETURNING reserved`

// Release returns held cash to the available balance.
func (s *Store) Release(ctx context.Context, tx *sqlx.Tx, playerID string, amount int64, entryType, refType, refID string) error {
	var after int64
	if err := tx.QueryRowxContext(ctx, releaseSQL, playerID, amount).Scan(&after); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("wallet: release %d for %s/%s: reservation missing", amount, refType, refID)
		}
		return fmt.Errorf("wallet: release: %w", err)
	}
	return s.journal(ctx, tx, Movement{
		PlayerID: playerID, Pocket: Reserved, Amount: -amount,
		EntryType: entryType, RefType: refType, RefID: refID,
	}, after)
}

const captureSQL = `
UPDATE wallets
   SET reserved = reserved - $2,
       cash_balance = cash_balance - $2,
       version = version + 1,
       updated_at = now()
 WHERE player_id = $1
   AND reserved >= $2
RETURNING cash_balance`

// Capture takes held cash: both the reservation and the cash balance drop.
func (s *Store) Capture(ctx context.Context, tx *sqlx.Tx, playerID string, amount int64, entryType, refType, refID string) error {
	var after int64
	if err := tx.QueryRowxContext(ctx, captureSQL, playerID, amount).Scan(&after); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("wallet: capture %d for %s/%s: reservation missing", amount, refType, refID)
		}
		return fmt.Errorf("wallet: capture: %w", err)
	}
	return s.journal(ctx, tx, Movement{
		PlayerID: playerID, Pocket: Cash, Amount: -amount,
		EntryType: entryType, RefType: refType, RefID: refID,
	}, after)
}

func (s *Store) journal(ctx context.Context, tx *sqlx.Tx, m Movement, after int64) error {
	_, err := tx.ExecContext(ctx, insertLedgerSQL,
		m.PlayerID, string(m.Pocket), m.Amount, m.EntryType, m.RefType, m.RefID, after)
	if err != nil {
		return fmt.Errorf("wallet: journal %s: %w", m.EntryType, err)
	}
	return nil
}

func (s *Store) explainMiss(ctx context.Context, tx *sqlx.Tx, playerID string) error {
	var exists bool
	if err := tx.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM wallets WHERE player_id = $1)`, playerID); err != nil {
		return fmt.Errorf("wallet: lookup %s: %w", playerID, err)
	}
	if !exists {
		return ErrWalletNotFound
	}
	return ErrInsufficientFunds
}

// Entries returns the most recent ledger entries for a player.
func (s *Store) Entries(ctx context.Context, q db.Queryer, playerID string, limit int) ([]LedgerEntry, error) {
	var out []LedgerEntry
	err := q.SelectContext(ctx, &out, `
SELECT id, player_id, pocket, amount, entry_type, ref_type, ref_id, balance_after, created_at
  FROM ledger_entries
 WHERE player_id = $1
 ORDER BY id DESC
 LIMIT $2`, playerID, limit)
	if err != nil {
		return nil, fmt.Errorf("wallet: entries: %w", err)
	}
	return out, nil
}
