// Package redemption turns points into vouchers.
package redemption

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/ids"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

const voucherValidity = 90 * 24 * time.Hour

type RedeemInput struct {
	MemberID       uuid.UUID
	IdempotencyKey string
	ValueCents     int64
}

type RedeemResult struct {
	Voucher db.Voucher
	Replay  bool
}

type Service struct {
	pool txn.Beginner
	now  func() time.Time
}

func NewService(pool txn.Beginner) *Service {
	return &Service{pool: pool, now: time.Now}
}

func requestHash(in RedeemInput) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%d", in.MemberID, in.ValueCents)))
	return hex.EncodeToString(sum[:])
}

// Redeem debits points and issues a voucher. The caller's Idempotency-Key is
// claimed in the same transaction as the debit, so a retried request either
// replays the stored voucher or waits for the first attempt to finish.
func (s *Service) Redeem(ctx context.Context, in RedeemInput) (RedeemResult, error) {
	if in.ValueCents <= 0 || in.ValueCents%500 != 0 {
		return RedeemResult{}, fmt.Errorf("%w: vouchers come in multiples of 5.00", domain.ErrValidation)
	}
	points := domain.PointsForCents(in.ValueCents)
	scope := "redeem:" + in.MemberID.String()
	hash := requestHash(in)

	return txn.WithTx(ctx, s.pool, func(q *db.Queries) (RedeemResult, error) {
		claimed, err := q.InsertIdempotencyKey(ctx, db.InsertIdempotencyKeyParams{
			Scope:       scope,
			Key:         in.IdempotencyKey,
			RequestHash: hash,
		})
		if err != nil {
			return RedeemResult{}, fmt.Errorf("claim idempotency key: %w", err)
		}
		if claimed == 0 {
			return s.replay(ctx, q, scope, in.IdempotencyKey, hash)
		}

		member, err := q.GetMemberForUpdate(ctx, in.MemberID)
		if errors.Is(err, pgx.ErrNoRows) {
			return RedeemResult{}, domain.ErrNotFound
		}
		if err != nil {
			return RedeemResult{}, err
		}
		if member.PointsBalance < points {
			return RedeemResult{}, domain.ErrInsufficientPoints
		}

		voucher, err := q.CreateVoucher(ctx, db.CreateVoucherParams{
			ID:         uuid.New(),
			MemberID:   member.ID,
			Code:       "TW-" + ids.Code(10),
			Points:     points,
			ValueCents: in.ValueCents,
			ExpiresAt:  s.now().Add(voucherValidity),
		})
		if err != nil {
			return RedeemResult{}, fmt.Errorf("create voucher: %w", err)
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:       ids.Prefixed("led"),
			MemberID: member.ID,
			Delta:    -points,
			Kind:     "redemption",
			Ref:      pgtype.Text{String: "voucher:" + voucher.ID.String(), Valid: true},
			Note:     fmt.Sprintf("voucher %s", voucher.Code),
		}); err != nil {
			return RedeemResult{}, fmt.Errorf("ledger: %w", err)
		}
		if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: member.ID, Delta: -points}); err != nil {
			return RedeemResult{}, fmt.Errorf("debit balance: %w", err)
		}
		if err := q.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
			Scope:      scope,
			Key:        in.IdempotencyKey,
			ResourceID: pgtype.Text{String: voucher.ID.String(), Valid: true},
			StatusCode: 201,
		}); err != nil {
			return RedeemResult{}, fmt.Errorf("complete idempotency key: %w", err)
		}
		return RedeemResult{Voucher: voucher}, nil
	})
}

func (s *Service) replay(ctx context.Context, q *db.Queries, scope, key, hash string) (RedeemResult, error) {
	rec, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if err != nil {
		return RedeemResult{}, fmt.Errorf("load idempotency key: %w", err)
	}
	if rec.RequestHash != hash {
		return RedeemResult{}, domain.ErrIdempotencyMismatch
	}
	id, err := uuid.Parse(rec.ResourceID.String)
	if err != nil {
		return RedeemResult{}, fmt.Errorf("stored resource id: %w", err)
	}
	v, err := q.GetVoucher(ctx, id)
	if err != nil {
		return RedeemResult{}, err
	}
	return RedeemResult{Voucher: v, Replay: true}, nil
}
