// Package ledger records money owed to and paid to artists.
package ledger

import (
	"context"
	"errors"
	"time"

	"github.com/google/wire"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
)

// ProviderSet wires the ledger.
var ProviderSet = wire.NewSet(New, NewAdjustments)

// ErrInsufficientFunds is returned when a debit exceeds the balance.
var ErrInsufficientFunds = errors.New("ledger: insufficient funds")

// Entry is a movement to post. Key, when set, names the business event
// behind the entry; posting the same key twice for an artist is a no-op.
type Entry struct {
	ArtistID     string
	Kind         string
	AmountMicros int64
	Currency     string
	RefType      string
	RefID        string
	Period       string
	Key          string
	Memo         string
}

// Ledger writes ledger entries.
type Ledger struct {
	db    *gorm.DB
	newID ids.Generator
	now   func() time.Time
}

// New returns a ledger over db.
func New(db *gorm.DB) *Ledger {
	return &Ledger{db: db, newID: ids.NewKSUID, now: func() time.Time { return time.Now().UTC() }}
}

// Post writes entries in a transaction of their own.
func (l *Ledger) Post(ctx context.Context, entries ...Entry) error {
	return l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return l.PostTx(tx, entries...)
	})
}

// PostTx writes entries as part of tx.
func (l *Ledger) PostTx(tx *gorm.DB, entries ...Entry) error {
	for _, e := range entries {
		row := models.LedgerEntry{
			ID:           l.newID(),
			ArtistID:     e.ArtistID,
			Kind:         e.Kind,
			AmountMicros: e.AmountMicros,
			Currency:     currency(e.Currency),
			RefType:      e.RefType,
			RefID:        e.RefID,
			Memo:         e.Memo,
			CreatedAt:    l.now(),
		}
		if e.Period != "" {
			p := e.Period
			row.Period = &p
		}
		q := tx
		if e.Key != "" {
			k := e.Key
			row.EntryKey = &k
			q = tx.Clauses(clause.OnConflict{
				Columns:     []clause.Column{{Name: "artist_id"}, {Name: "entry_key"}},
				TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "entry_key IS NOT NULL"}}},
				DoNothing:   true,
			})
		}
		if err := q.Create(&row).Error; err != nil {
			return err
		}
	}
	return nil
}

// Balance sums an artist's entries.
func (l *Ledger) Balance(ctx context.Context, artistID string) (int64, error) {
	return l.BalanceTx(l.db.WithContext(ctx), artistID)
}

// BalanceTx sums an artist's entries within tx.
func (l *Ledger) BalanceTx(tx *gorm.DB, artistID string) (int64, error) {
	var sum int64
	err := tx.Model(&models.LedgerEntry{}).
		Select("COALESCE(SUM(amount_micros), 0)").
		Where("artist_id = ?", artistID).
		Scan(&sum).Error
	return sum, err
}

// LockArtist takes a row lock on the artist so concurrent debits serialise.
func LockArtist(tx *gorm.DB, artistID string) (*models.Artist, error) {
	var a models.Artist
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&a, "id = ?", artistID).Error
	return &a, err
}

// Debit checks the balance under the artist lock and posts a negative entry.
func (l *Ledger) Debit(tx *gorm.DB, e Entry) error {
	if _, err := LockArtist(tx, e.ArtistID); err != nil {
		return err
	}
	bal, err := l.BalanceTx(tx, e.ArtistID)
	if err != nil {
		return err
	}
	if bal < e.AmountMicros {
		return ErrInsufficientFunds
	}
	e.AmountMicros = -e.AmountMicros
	return l.PostTx(tx, e)
}

func currency(c string) string {
	if c == "" {
		return "USD"
	}
	return c
}
