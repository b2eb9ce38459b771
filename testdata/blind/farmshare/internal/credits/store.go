package credits

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/repository"
)

// ErrInsufficient is returned when a debit exceeds the balance.
var ErrInsufficient = httpx.NewError(http.StatusConflict, "insufficient_credit", "not enough credit")

// Store holds credit queries.
type Store struct {
	ledger *repository.Repository[Entry]
}

// NewStore builds a Store.
func NewStore() *Store {
	return &Store{ledger: repository.New[Entry]("member_credit_ledger", "id")}
}

// Balance returns the member's balance.
func (s *Store) Balance(ctx context.Context, q database.Queryer, memberID string) (int64, error) {
	var b int64
	if err := q.GetContext(ctx, &b, `SELECT credit_cents FROM members WHERE id = $1`, memberID); err != nil {
		return 0, database.NotFound(err)
	}
	return b, nil
}

// Recent lists the member's latest entries.
func (s *Store) Recent(ctx context.Context, q database.Queryer, memberID string, limit int) ([]Entry, error) {
	var out []Entry
	err := q.SelectContext(ctx, &out, `
		SELECT * FROM member_credit_ledger WHERE member_id = $1 ORDER BY created_at DESC LIMIT $2`, memberID, limit)
	return out, err
}

// Append writes a ledger entry and moves the balance by its amount.
func (s *Store) Append(ctx context.Context, q database.Queryer, e *Entry) error {
	if err := s.ledger.Insert(ctx, q, e); err != nil {
		return err
	}
	return s.adjust(ctx, q, e.MemberID, e.AmountCents)
}

// AppendOnce writes a ledger entry keyed by (source, source_ref) and moves
// the balance, unless that entry already exists. It reports whether it wrote.
func (s *Store) AppendOnce(ctx context.Context, q database.Queryer, e *Entry) (bool, error) {
	if e.SourceRef == nil {
		return false, errors.New("AppendOnce needs a source_ref")
	}
	res, err := q.NamedExecContext(ctx, `
		INSERT INTO member_credit_ledger (id, member_id, amount_cents, source, source_ref, note, created_at)
		VALUES (:id, :member_id, :amount_cents, :source, :source_ref, :note, :created_at)
		ON CONFLICT (source, source_ref) WHERE source_ref IS NOT NULL DO NOTHING`, e)
	if err != nil {
		return false, fmt.Errorf("insert ledger entry: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	return true, s.adjust(ctx, q, e.MemberID, e.AmountCents)
}

func (s *Store) adjust(ctx context.Context, q database.Queryer, memberID string, delta int64) error {
	res, err := q.ExecContext(ctx, `
		UPDATE members SET credit_cents = credit_cents + $2
		WHERE id = $1 AND credit_cents + $2 >= 0`, memberID, delta)
	if err != nil {
		return fmt.Errorf("adjust balance: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if delta < 0 {
			return ErrInsufficient
		}
		return database.ErrNotFound
	}
	return nil
}

// LockMembers row-locks members in id order so transfers cannot deadlock.
func (s *Store) LockMembers(ctx context.Context, q database.Queryer, a, b string) error {
	if b < a {
		a, b = b, a
	}
	var got []string
	if err := q.SelectContext(ctx, &got, `SELECT id FROM members WHERE id IN ($1, $2) ORDER BY id FOR UPDATE`, a, b); err != nil {
		return err
	}
	if len(got) != 2 {
		return database.ErrNotFound
	}
	return nil
}
