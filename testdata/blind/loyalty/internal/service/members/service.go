// Package members handles enrolment and member look-ups.
package members

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/ids"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

type EnrollInput struct {
	ExternalRef  string
	Email        string
	DisplayName  string
	ReferralCode string
}

type EnrollResult struct {
	Member  db.Member
	Created bool
}

// Reader is the read-side repository used for look-ups.
type Reader interface {
	Get(ctx context.Context, id uuid.UUID) (db.Member, error)
}

type Service struct {
	pool   txn.Beginner
	reader Reader
	log    *slog.Logger
}

func NewService(pool txn.Beginner, reader Reader, log *slog.Logger) *Service {
	return &Service{pool: pool, reader: reader, log: log}
}

func (s *Service) Get(ctx context.Context, id uuid.UUID) (db.Member, error) {
	return s.reader.Get(ctx, id)
}

// Enroll creates a member for the retailer's customer reference. Enrolling the
// same customer twice returns the existing member.
func (s *Service) Enroll(ctx context.Context, in EnrollInput) (EnrollResult, error) {
	in.ExternalRef = strings.TrimSpace(in.ExternalRef)
	if in.ExternalRef == "" || !strings.Contains(in.Email, "@") {
		return EnrollResult{}, fmt.Errorf("%w: external_ref and a valid email are required", domain.ErrValidation)
	}

	return txn.WithTx(ctx, s.pool, func(q *db.Queries) (EnrollResult, error) {
		inserted, err := q.CreateMember(ctx, db.CreateMemberParams{
			ID:           uuid.New(),
			ExternalRef:  in.ExternalRef,
			Email:        in.Email,
			DisplayName:  in.DisplayName,
			Tier:         string(domain.TierBlue),
			ReferralCode: ids.Code(8),
		})
		if err != nil {
			return EnrollResult{}, fmt.Errorf("create member: %w", err)
		}
		m, err := q.GetMemberByExternalRef(ctx, in.ExternalRef)
		if err != nil {
			return EnrollResult{}, fmt.Errorf("load member: %w", err)
		}
		if inserted == 0 || in.ReferralCode == "" {
			return EnrollResult{Member: m, Created: inserted == 1}, nil
		}

		referrer, err := q.GetMemberByReferralCode(ctx, strings.ToUpper(in.ReferralCode))
		if errors.Is(err, pgx.ErrNoRows) {
			s.log.InfoContext(ctx, "unknown referral code at enrolment", "code", in.ReferralCode)
			return EnrollResult{Member: m, Created: true}, nil
		}
		if err != nil {
			return EnrollResult{}, fmt.Errorf("load referrer: %w", err)
		}
		if referrer.ID == m.ID {
			return EnrollResult{Member: m, Created: true}, nil
		}
		if _, err := q.CreateReferral(ctx, db.CreateReferralParams{
			ID:         uuid.New(),
			ReferrerID: referrer.ID,
			RefereeID:  m.ID,
			Code:       referrer.ReferralCode,
		}); err != nil {
			return EnrollResult{}, fmt.Errorf("create referral: %w", err)
		}
		return EnrollResult{Member: m, Created: true}, nil
	})
}
