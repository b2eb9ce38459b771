package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/store"
)

type LoadInput struct {
	TerminalID  string `json:"-"`
	CardCode    string `json:"card_code"`
	TxnRef      string `json:"terminal_txn_ref"`
	AmountCents int64  `json:"amount_cents"`
}

type LoadResult struct {
	LoadID       string `json:"load_id,omitempty"`
	BalanceCents int64  `json:"balance_cents"`
	Duplicate    bool   `json:"duplicate"`
}

// OfflineLoad is a top-up captured by a terminal while it was offline and
// uploaded later as part of a batch.
type OfflineLoad struct {
	TerminalID  string
	CardCode    string
	AmountCents int64
	CapturedAt  string
}

type Loads interface {
	LoadAtTerminal(ctx context.Context, in LoadInput) (*LoadResult, error)
	ApplyOffline(ctx context.Context, in OfflineLoad) error
}

type loadService struct {
	st        *store.Store
	maxAmount int64
	log       *slog.Logger
}

func NewLoads(st *store.Store, maxAmount int64, log *slog.Logger) Loads {
	return &loadService{st: st, maxAmount: maxAmount, log: log}
}

func (s *loadService) check(amount int64) error {
	if amount <= 0 || amount > s.maxAmount {
		return invalid("amount_cents", fmt.Sprintf("must be between 1 and %d", s.maxAmount))
	}
	return nil
}

// LoadAtTerminal credits cash taken at a till. The terminal's own transaction
// reference is the key: a resubmitted load returns the current balance
// without crediting again.
func (s *loadService) LoadAtTerminal(ctx context.Context, in LoadInput) (*LoadResult, error) {
	if err := s.check(in.AmountCents); err != nil {
		return nil, err
	}
	if in.TxnRef == "" {
		return nil, invalid("terminal_txn_ref", "required")
	}
	var res LoadResult
	err := s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, _ pgx.Tx) error {
		card, err := q.GetCardByCodeForUpdate(ctx, in.CardCode)
		if store.IsNotFound(err) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		loadID := ids.New("lod")
		n, err := q.InsertPosLoad(ctx, db.InsertPosLoadParams{
			ID:             loadID,
			CardID:         card.ID,
			TerminalID:     &in.TerminalID,
			TerminalTxnRef: &in.TxnRef,
			AmountCents:    in.AmountCents,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			prev, err := q.GetLoadByTerminalRef(ctx, db.GetLoadByTerminalRefParams{TerminalID: &in.TerminalID, TerminalTxnRef: &in.TxnRef})
			if err != nil {
				return err
			}
			if prev.CardID != card.ID || prev.AmountCents != in.AmountCents {
				return fmt.Errorf("%w: terminal_txn_ref already used for a different load", ErrConflict)
			}
			res = LoadResult{LoadID: prev.ID, BalanceCents: card.BalanceCents, Duplicate: true}
			return nil
		}
		bal, err := q.CreditCard(ctx, db.CreditCardParams{ID: card.ID, Amount: in.AmountCents})
		if store.IsNotFound(err) {
			return ErrCardNotActive
		}
		if err != nil {
			return err
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID: ids.Derive("led", loadID), CardID: card.ID, EntryType: "load", AmountCents: in.AmountCents, Ref: loadID,
		}); err != nil {
			return err
		}
		res = LoadResult{LoadID: loadID, BalanceCents: bal}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// ApplyOffline credits a load from an offline batch.
func (s *loadService) ApplyOffline(ctx context.Context, in OfflineLoad) error {
	if err := s.check(in.AmountCents); err != nil {
		return err
	}
	return s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, _ pgx.Tx) error {
		card, err := q.GetCardByCodeForUpdate(ctx, in.CardCode)
		if err != nil {
			return fmt.Errorf("card lookup: %w", err)
		}
		loadID := ids.New("lod")
		if err := q.InsertLoad(ctx, db.InsertLoadParams{
			ID:          loadID,
			CardID:      card.ID,
			TerminalID:  &in.TerminalID,
			Source:      "offline",
			AmountCents: in.AmountCents,
		}); err != nil {
			return err
		}
		if _, err := q.CreditCard(ctx, db.CreditCardParams{ID: card.ID, Amount: in.AmountCents}); err != nil {
			return fmt.Errorf("credit card %s: %w", card.ID, err)
		}
		return q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID: ids.Derive("led", loadID), CardID: card.ID, EntryType: "load", AmountCents: in.AmountCents, Ref: loadID,
		})
	})
}
