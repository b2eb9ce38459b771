package wallet

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/audit"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/ids"
	"github.com/kickoffbet/sportsbook/internal/outbox"
)

// Adjustment is a manual balance correction made by support or finance.
type Adjustment struct {
	ID        string    `db:"id" json:"id"`
	PlayerID  string    `db:"player_id" json:"player_id"`
	Amount    int64     `db:"amount" json:"amount"`
	Pocket    string    `db:"pocket" json:"pocket"`
	Reason    string    `db:"reason" json:"reason"`
	Ticket    *string   `db:"ticket" json:"ticket,omitempty"`
	Operator  string    `db:"operator" json:"operator"`
	CreatedAt time.Time `db:"created_at,readonly" json:"created_at"`
}

// AdjustmentInput is what the back office submits.
type AdjustmentInput struct {
	PlayerID string
	Pocket   Pocket
	Amount   int64
	Reason   string
	Ticket   string
	Operator string
}

// ErrAdjustmentInvalid is returned for malformed adjustments.
var ErrAdjustmentInvalid = errors.New("wallet: invalid adjustment")

// Adjuster books manual adjustments.
type Adjuster struct {
	Tx     db.Transactor
	Store  *Store
	Audit  *audit.Log
	Outbox *outbox.Writer
	IDs    ids.Generator
	repo   *db.Repo[Adjustment]
}

// NewAdjuster returns an Adjuster.
func NewAdjuster(tx db.Transactor, store *Store, al *audit.Log, ob *outbox.Writer, g ids.Generator) *Adjuster {
	return &Adjuster{Tx: tx, Store: store, Audit: al, Outbox: ob, IDs: g, repo: db.NewRepo[Adjustment]("adjustments", "id")}
}

// Adjust books a signed adjustment to the cash or bonus pocket.
func (a *Adjuster) Adjust(ctx context.Context, in AdjustmentInput) (*Adjustment, error) {
	if in.Amount == 0 || in.Reason == "" || in.Operator == "" {
		return nil, ErrAdjustmentInvalid
	}
	if in.Pocket != Cash && in.Pocket != Bonus {
		return nil, fmt.Errorf("%w: pocket %q", ErrAdjustmentInvalid, in.Pocket)
	}
	adj := &Adjustment{
		ID:       a.IDs.New(),
		PlayerID: in.PlayerID,
		Amount:   in.Amount,
		Pocket:   string(in.Pocket),
		Reason:   in.Reason,
		Operator: in.Operator,
	}
	if in.Ticket != "" {
		adj.Ticket = &in.Ticket
	}
	err := a.Tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := a.repo.Insert(ctx, tx, adj); err != nil {
			return err
		}
		if _, err := a.Store.Apply(ctx, tx, Movement{
			PlayerID:  adj.PlayerID,
			Pocket:    in.Pocket,
			Amount:    adj.Amount,
			EntryType: EntryAdjustment,
			RefType:   "adjustment",
			RefID:     adj.ID,
		}); err != nil {
			return err
		}
		if err := a.Audit.Record(ctx, tx, in.Operator, "wallet.adjust", "player", adj.PlayerID, adj); err != nil {
			return err
		}
		return a.Outbox.Enqueue(ctx, tx, outbox.Event{
			ID:           outbox.EventID("wallet.adjusted", adj.ID),
			Topic:        outbox.TopicWallet,
			PartitionKey: adj.PlayerID,
			Type:         "wallet.adjusted",
			Payload:      adj,
		})
	})
	if err != nil {
		return nil, err
	}
	return adj, nil
}
