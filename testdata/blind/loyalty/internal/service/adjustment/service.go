// Package adjustment applies manual point adjustments raised by customer
// support against a ticket.
package adjustment

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/rs/xid"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

type Input struct {
	MemberID uuid.UUID
	TicketID string
	Points   int64
	Agent    string
	Note     string
}

type Result struct {
	EntryID string
	Balance int64
	Applied bool
}

type Service struct {
	pool txn.Beginner
}

func NewService(pool txn.Beginner) *Service {
	return &Service{pool: pool}
}

// Apply posts one adjustment per support ticket. The ticket id is the ledger
// ref, so a repeated request for the same ticket returns the original entry.
func (s *Service) Apply(ctx context.Context, in Input) (Result, error) {
	if in.TicketID == "" || in.Points == 0 {
		return Result{}, fmt.Errorf("%w: ticket_id and non-zero points required", domain.ErrValidation)
	}
	ref := pgtype.Text{String: "adjustment:" + in.TicketID, Valid: true}

	return txn.WithTx(ctx, s.pool, func(q *db.Queries) (Result, error) {
		m, err := q.GetMemberForUpdate(ctx, in.MemberID)
		if errors.Is(err, pgx.ErrNoRows) {
			return Result{}, domain.ErrNotFound
		}
		if err != nil {
			return Result{}, err
		}
		entryID := xid.New().String()
		posted, err := q.InsertLedgerEntryOnce(ctx, db.InsertLedgerEntryParams{
			ID:       entryID,
			MemberID: m.ID,
			Delta:    in.Points,
			Kind:     "adjustment",
			Ref:      ref,
			Note:     fmt.Sprintf("%s (%s)", in.Note, in.Agent),
		})
		if err != nil {
			return Result{}, err
		}
		if posted == 0 {
			prev, err := q.GetLedgerEntryByRef(ctx, ref)
			if err != nil {
				return Result{}, err
			}
			return Result{EntryID: prev.ID, Balance: m.PointsBalance}, nil
		}
		if m.PointsBalance+in.Points < 0 {
			// Returning an error rolls the entry back with the transaction.
			return Result{}, domain.ErrInsufficientPoints
		}
		updated, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: m.ID, Delta: in.Points})
		if err != nil {
			return Result{}, err
		}
		return Result{EntryID: entryID, Balance: updated.PointsBalance, Applied: true}, nil
	})
}
