package repo

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/store"
)

type PgCards struct {
	st *store.Store
}

func NewCards(st *store.Store) *PgCards { return &PgCards{st: st} }

func (r *PgCards) Get(ctx context.Context, id string) (db.Card, error) {
	return r.st.Q().GetCard(ctx, id)
}

func (r *PgCards) GetByCode(ctx context.Context, code string) (db.Card, error) {
	return r.st.Q().GetCardByCode(ctx, code)
}

func (r *PgCards) Create(ctx context.Context, p db.CreateCardParams) (db.Card, error) {
	return r.st.Q().CreateCard(ctx, p)
}

// Credit adds amount to the card balance and writes the matching ledger entry
// in one transaction. It returns the new balance.
func (r *PgCards) Credit(ctx context.Context, cardID string, amount int64, entryType, ref string) (int64, error) {
	var bal int64
	err := r.st.InTx(ctx, func(ctx context.Context, q *db.Queries, _ pgx.Tx) error {
		var err error
		bal, err = q.CreditCard(ctx, db.CreditCardParams{ID: cardID, Amount: amount})
		if err != nil {
			return fmt.Errorf("credit card: %w", err)
		}
		return q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:          ids.New("led"),
			CardID:      cardID,
			EntryType:   entryType,
			AmountCents: amount,
			Ref:         ref,
		})
	})
	return bal, err
}

func (r *PgCards) Activate(ctx context.Context, id string) (bool, error) {
	n, err := r.st.Q().ActivateCard(ctx, id)
	return n == 1, err
}

func (r *PgCards) SetRecipient(ctx context.Context, id string, email, phone *string) error {
	return r.st.Q().SetCardRecipient(ctx, db.SetCardRecipientParams{ID: id, RecipientEmail: email, RecipientPhone: phone})
}

func (r *PgCards) ListExpiring(ctx context.Context, asOf time.Time, limit int32) ([]db.Card, error) {
	return r.st.Q().ListExpiringCards(ctx, db.ListExpiringCardsParams{ExpiresAt: asOf, Limit: limit})
}

// Expire zeroes the card and returns the balance it held.
func (r *PgCards) Expire(ctx context.Context, id string) (int64, error) {
	return r.st.Q().ExpireCard(ctx, id)
}

func (r *PgCards) AddLedger(ctx context.Context, cardID, entryType string, amount int64, ref string) error {
	return r.st.Q().InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
		ID:          ids.New("led"),
		CardID:      cardID,
		EntryType:   entryType,
		AmountCents: amount,
		Ref:         ref,
	})
}

func (r *PgCards) ListDueReminder(ctx context.Context, until time.Time, limit int32) ([]db.Card, error) {
	return r.st.Q().ListCardsDueReminder(ctx, db.ListCardsDueReminderParams{ExpiresAt: until, Limit: limit})
}

func (r *PgCards) MarkReminderSent(ctx context.Context, id string) error {
	return r.st.Q().MarkReminderSent(ctx, id)
}
