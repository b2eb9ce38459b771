// Package referrals runs the student referral program: a new student
// redeems a friend's code for welcome credits, and the friend earns a
// bonus once the new student completes a first lesson.
package referrals

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/ids"
	"github.com/learnloop/tutoring/internal/store"
)

// Redemption is the result of redeeming a code.
type Redemption struct {
	ReferralID     uuid.UUID
	CreditsGranted int
	Balance        int
}

// Service is the referral program.
type Service interface {
	Redeem(ctx context.Context, studentID uuid.UUID, code, clickID, idempotencyKey string) (Redemption, error)
	// QualifyOnFirstLesson runs in the caller's transaction when a
	// lesson completes; it reports the referral that qualified, if any.
	QualifyOnFirstLesson(ctx context.Context, tx pgx.Tx, refereeID uuid.UUID) (*domain.Referral, error)
}

// Dedup is the small "have we handled this key" store used by Redeem.
type Dedup interface {
	Seen(ctx context.Context, scope, key string) (bool, error)
	Remember(ctx context.Context, scope, key string) error
}

type service struct {
	pool      *pgxpool.Pool
	referrals store.Referrals
	ledger    store.Ledger
	dedup     Dedup
}

// New builds the referral service.
func New(pool *pgxpool.Pool, referrals store.Referrals, ledger store.Ledger, dedup Dedup) Service {
	return &service{pool: pool, referrals: referrals, ledger: ledger, dedup: dedup}
}

const redeemScope = "redeem_referral"

func (s *service) Redeem(ctx context.Context, studentID uuid.UUID, code, clickID, idempotencyKey string) (Redemption, error) {
	if idempotencyKey != "" {
		seen, err := s.dedup.Seen(ctx, redeemScope, studentID.String()+":"+idempotencyKey)
		if err != nil {
			return Redemption{}, err
		}
		if seen {
			bal, err := s.ledger.Balance(ctx, s.pool, studentID)
			return Redemption{Balance: bal}, err
		}
	}

	rc, err := s.referrals.Code(ctx, s.pool, code)
	if err != nil {
		return Redemption{}, err
	}
	if rc.OwnerID == studentID {
		return Redemption{}, fmt.Errorf("%w: cannot redeem your own code", domain.ErrInvalidArgument)
	}

	out := Redemption{ReferralID: uuid.New(), CreditsGranted: rc.RefereeCredits}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.referrals.UseCode(ctx, tx, rc.Code); err != nil {
			return fmt.Errorf("code exhausted: %w", err)
		}
		if err := s.referrals.Insert(ctx, tx, domain.Referral{
			ID: out.ReferralID, Code: rc.Code, ReferrerID: rc.OwnerID, RefereeID: studentID, ClickID: clickID,
		}); err != nil {
			return err
		}
		if err := s.ledger.Append(ctx, tx, domain.LedgerEntry{
			ID: uuid.New(), StudentID: studentID, Delta: rc.RefereeCredits, Reason: "referral_welcome",
			Note: "code " + rc.Code,
		}); err != nil {
			return err
		}
		out.Balance, err = s.ledger.Balance(ctx, tx, studentID)
		return err
	})
	if err != nil {
		return Redemption{}, err
	}
	if idempotencyKey != "" {
		if err := s.dedup.Remember(ctx, redeemScope, studentID.String()+":"+idempotencyKey); err != nil {
			return Redemption{}, err
		}
	}
	return out, nil
}

func (s *service) QualifyOnFirstLesson(ctx context.Context, tx pgx.Tx, refereeID uuid.UUID) (*domain.Referral, error) {
	ref, ok, err := s.referrals.PendingForReferee(ctx, tx, refereeID)
	if err != nil || !ok {
		return nil, err
	}
	qualified, err := s.referrals.Qualify(ctx, tx, ref.ID)
	if err != nil || !qualified {
		return nil, err
	}
	rc, err := s.referrals.Code(ctx, tx, ref.Code)
	if err != nil {
		return nil, err
	}
	entryID := ids.Derived("referral-bonus", ref.ID.String())
	granted, err := s.referrals.RecordBonus(ctx, tx, ref.ID, entryID, rc.ReferrerCredits)
	if err != nil {
		return nil, err
	}
	if granted {
		if _, err := s.ledger.AppendOnce(ctx, tx, domain.LedgerEntry{
			ID: entryID, StudentID: ref.ReferrerID, Delta: rc.ReferrerCredits, Reason: "referral_bonus",
		}); err != nil {
			return nil, err
		}
	}
	return &ref, nil
}

// KeyDedup implements Dedup on top of the idempotency key table.
type KeyDedup struct {
	Pool *pgxpool.Pool
	Keys store.IdempotencyKeys
}

// NewKeyDedup builds a KeyDedup.
func NewKeyDedup(pool *pgxpool.Pool, keys store.IdempotencyKeys) *KeyDedup {
	return &KeyDedup{Pool: pool, Keys: keys}
}

func (d *KeyDedup) Seen(ctx context.Context, scope, key string) (bool, error) {
	_, _, ok, err := d.Keys.Lookup(ctx, d.Pool, scope, key)
	return ok, err
}

func (d *KeyDedup) Remember(ctx context.Context, scope, key string) error {
	return d.Keys.Save(ctx, d.Pool, scope, key, 200, []byte(`{}`))
}
