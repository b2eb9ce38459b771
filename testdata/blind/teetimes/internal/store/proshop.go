package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// AccountStore persists pro-shop accounts.
type AccountStore interface {
	Get(ctx context.Context, id string) (*domain.ProShopAccount, error)
	ForMember(ctx context.Context, memberID string, lock bool) (*domain.ProShopAccount, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
	AdjustBalance(ctx context.Context, id string, delta int64) error
}

type accountStore struct {
	*db.Repository[domain.ProShopAccount]
}

// NewAccountStore builds an AccountStore.
func NewAccountStore(g *gorm.DB) *accountStore {
	return &accountStore{db.NewRepository[domain.ProShopAccount](g)}
}

func (s *accountStore) ForMember(ctx context.Context, memberID string, lock bool) (*domain.ProShopAccount, error) {
	var acct domain.ProShopAccount
	q := s.Conn(ctx).Where("member_id = ?", memberID)
	if lock {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	if err := q.Take(&acct).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, db.ErrNotFound
		}
		return nil, err
	}
	return &acct, nil
}

// AdjustBalance moves the account balance by delta cents.
func (s *accountStore) AdjustBalance(ctx context.Context, id string, delta int64) error {
	return s.Conn(ctx).Model(&domain.ProShopAccount{}).Where("id = ?", id).Updates(map[string]any{
		"balance_cents": gorm.Expr("balance_cents + ?", delta),
		"updated_at":    time.Now().UTC(),
	}).Error
}

// LedgerLine is a line to post to an account.
type LedgerLine struct {
	AccountID   string
	AmountCents int64
	Kind        string
	SourceRef   string
	Description string
}

// LedgerStore appends movements to the pro-shop ledger.
type LedgerStore interface {
	Append(ctx context.Context, line LedgerLine) (*domain.LedgerEntry, error)
	AppendOnce(ctx context.Context, entryID string, line LedgerLine) (bool, error)
}

type ledgerStore struct {
	repo *db.Repository[domain.LedgerEntry]
}

// NewLedgerStore builds a LedgerStore.
func NewLedgerStore(g *gorm.DB) *ledgerStore {
	return &ledgerStore{repo: db.NewRepository[domain.LedgerEntry](g)}
}

// Append posts a line under a new entry id.
func (s *ledgerStore) Append(ctx context.Context, line LedgerLine) (*domain.LedgerEntry, error) {
	entry := &domain.LedgerEntry{
		ID:          uuid.NewString(),
		AccountID:   line.AccountID,
		AmountCents: line.AmountCents,
		Kind:        line.Kind,
		SourceRef:   line.SourceRef,
		Description: line.Description,
		CreatedAt:   time.Now().UTC(),
	}
	if err := s.repo.Create(ctx, entry); err != nil {
		return nil, err
	}
	return entry, nil
}

// AppendOnce posts a line under a caller-chosen id and reports whether it
// was new; posting the same id again is a no-op.
func (s *ledgerStore) AppendOnce(ctx context.Context, entryID string, line LedgerLine) (bool, error) {
	entry := &domain.LedgerEntry{
		ID:          entryID,
		AccountID:   line.AccountID,
		AmountCents: line.AmountCents,
		Kind:        line.Kind,
		SourceRef:   line.SourceRef,
		Description: line.Description,
		CreatedAt:   time.Now().UTC(),
	}
	return s.repo.CreateIgnoreConflict(ctx, entry, "id")
}

// POSInboxStore records POS events already applied.
type POSInboxStore interface {
	Claim(ctx context.Context, eventID, eventType string) (bool, error)
}

type posInboxStore struct {
	repo *db.Repository[domain.POSInboxEvent]
}

// NewPOSInboxStore builds a POSInboxStore.
func NewPOSInboxStore(g *gorm.DB) *posInboxStore {
	return &posInboxStore{repo: db.NewRepository[domain.POSInboxEvent](g)}
}

// Claim records eventID and reports whether this is the first time it was
// seen. Call it in the same unit of work as the event's effects.
func (s *posInboxStore) Claim(ctx context.Context, eventID, eventType string) (bool, error) {
	return s.repo.CreateIgnoreConflict(ctx, &domain.POSInboxEvent{
		EventID: eventID, Type: eventType, ReceivedAt: time.Now().UTC(),
	}, "event_id")
}

// CartRentalStore persists carts signed out at the pro shop.
type CartRentalStore interface {
	CreateIgnoreConflict(ctx context.Context, r *domain.CartRental, cols ...string) (bool, error)
}

type cartRentalStore struct {
	*db.Repository[domain.CartRental]
}

// NewCartRentalStore builds a CartRentalStore.
func NewCartRentalStore(g *gorm.DB) *cartRentalStore {
	return &cartRentalStore{db.NewRepository[domain.CartRental](g)}
}
