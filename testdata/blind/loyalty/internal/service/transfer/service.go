// Package transfer lets a member gift points to another member.
package transfer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/ids"
	"github.com/tidewater/loyalty/internal/platform/txn"
	"github.com/tidewater/loyalty/internal/store"
)

// IdempotencyStore remembers the response sent for an Idempotency-Key.
type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) (store.StoredResponse, bool, error)
	Save(ctx context.Context, scope, key string, r store.StoredResponse) error
}

type Input struct {
	FromMemberID   uuid.UUID
	ToMemberID     uuid.UUID
	Points         int64
	IdempotencyKey string
}

type Result struct {
	TransferID  string `json:"transfer_id"`
	FromBalance int64  `json:"from_balance"`
	ToMemberID  string `json:"to_member_id"`
	PointsMoved int64  `json:"points"`
	Replayed    bool   `json:"-"`
}

type Service struct {
	pool txn.Beginner
	idem IdempotencyStore
	log  *slog.Logger
}

func NewService(pool txn.Beginner, idem IdempotencyStore, log *slog.Logger) *Service {
	return &Service{pool: pool, idem: idem, log: log}
}

func hashInput(in Input) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s>%s:%d", in.FromMemberID, in.ToMemberID, in.Points)))
	return hex.EncodeToString(sum[:])
}

// Transfer moves points between two members.
func (s *Service) Transfer(ctx context.Context, in Input) (Result, error) {
	if in.Points <= 0 || in.FromMemberID == in.ToMemberID {
		return Result{}, fmt.Errorf("%w: invalid transfer", domain.ErrValidation)
	}
	scope := "transfer:" + in.FromMemberID.String()
	hash := hashInput(in)

	if prev, ok, err := s.idem.Lookup(ctx, scope, in.IdempotencyKey); err != nil {
		return Result{}, err
	} else if ok {
		if prev.RequestHash != hash {
			return Result{}, domain.ErrIdempotencyMismatch
		}
		var r Result
		if err := json.NewDecoder(bytes.NewReader(prev.Body)).Decode(&r); err != nil {
			return Result{}, fmt.Errorf("decode stored response: %w", err)
		}
		r.Replayed = true
		return r, nil
	}

	res, err := txn.WithTx(ctx, s.pool, func(q *db.Queries) (Result, error) {
		return s.move(ctx, q, in)
	})
	if err != nil {
		return Result{}, err
	}

	body, _ := json.Marshal(res)
	if err := s.idem.Save(ctx, scope, in.IdempotencyKey, store.StoredResponse{
		RequestHash: hash,
		ResourceID:  res.TransferID,
		Body:        body,
		StatusCode:  201,
	}); err != nil {
		// The transfer itself succeeded; do not fail the request over the
		// bookkeeping row.
		s.log.WarnContext(ctx, "saving idempotency key failed", "key", in.IdempotencyKey, "err", err)
	}
	return res, nil
}

func (s *Service) move(ctx context.Context, q *db.Queries, in Input) (Result, error) {
	// Lock both rows in a stable order to avoid deadlocks between opposite
	// transfers.
	first, second := in.FromMemberID, in.ToMemberID
	if bytes.Compare(first[:], second[:]) > 0 {
		first, second = second, first
	}
	locked := map[uuid.UUID]db.Member{}
	for _, id := range []uuid.UUID{first, second} {
		m, err := q.GetMemberForUpdate(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return Result{}, domain.ErrNotFound
		}
		if err != nil {
			return Result{}, err
		}
		locked[id] = m
	}
	if locked[in.FromMemberID].PointsBalance < in.Points {
		return Result{}, domain.ErrInsufficientPoints
	}

	transferID := ids.Prefixed("trf")
	for _, leg := range []struct {
		member uuid.UUID
		delta  int64
		kind   string
	}{
		{in.FromMemberID, -in.Points, "transfer_out"},
		{in.ToMemberID, in.Points, "transfer_in"},
	} {
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:       ids.Prefixed("led"),
			MemberID: leg.member,
			Delta:    leg.delta,
			Kind:     leg.kind,
			Note:     transferID,
		}); err != nil {
			return Result{}, fmt.Errorf("ledger %s: %w", leg.kind, err)
		}
	}
	from, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: in.FromMemberID, Delta: -in.Points})
	if err != nil {
		return Result{}, err
	}
	if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: in.ToMemberID, Delta: in.Points}); err != nil {
		return Result{}, err
	}
	return Result{
		TransferID:  transferID,
		FromBalance: from.PointsBalance,
		ToMemberID:  in.ToMemberID.String(),
		PointsMoved: in.Points,
	}, nil
}
