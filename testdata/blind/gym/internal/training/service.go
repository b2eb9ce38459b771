// Package training sells personal-training packs, books sessions with
// trainers and settles completed sessions.
package training

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/apperr"
	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/idem"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/providers/payments"
	"github.com/pulsefit/memberships/internal/tasks"
	"github.com/pulsefit/memberships/internal/txn"
)

const scopePackPurchase = "pt_pack"

type Service struct {
	pool     *pgxpool.Pool
	tx       txn.Runner
	payments payments.Gateway
	queue    tasks.Queue
	ledger   *Ledger
	log      *slog.Logger
}

func NewService(pool *pgxpool.Pool, tx txn.Runner, gw payments.Gateway, queue tasks.Queue, ledger *Ledger, log *slog.Logger) *Service {
	return &Service{pool: pool, tx: tx, payments: gw, queue: queue, ledger: ledger, log: log.With("component", "training")}
}

type PurchaseInput struct {
	IdempotencyKey string
	MemberID       uuid.UUID
	TrainerID      *uuid.UUID
	Sessions       int32
}

type Pack struct {
	ID                uuid.UUID `json:"id"`
	Status            string    `json:"status"`
	SessionsTotal     int32     `json:"sessions_total"`
	SessionsRemaining int32     `json:"sessions_remaining"`
	PriceCents        int64     `json:"price_cents"`
}

func toPack(p db.PtPack) Pack {
	return Pack{ID: p.ID, Status: p.Status, SessionsTotal: p.SessionsTotal, SessionsRemaining: p.SessionsRemaining, PriceCents: p.PriceCents}
}

// PurchasePack creates a pack for the member and charges the card on file.
func (s *Service) PurchasePack(ctx context.Context, in PurchaseInput) (Pack, error) {
	if in.IdempotencyKey == "" {
		return Pack{}, apperr.Invalid("Idempotency-Key header is required")
	}
	offer, err := Offer(in.Sessions)
	if err != nil {
		return Pack{}, apperr.Invalid(err.Error())
	}
	reqHash := idem.Hash([]byte(in.MemberID.String()), []byte(fmt.Sprint(in.Sessions)))

	var pack db.PtPack
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		n, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
			Scope: scopePackPurchase, Key: in.IdempotencyKey, RequestHash: reqHash,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			rec, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scopePackPurchase, Key: in.IdempotencyKey})
			if err != nil {
				return err
			}
			if rec.RequestHash != reqHash {
				return apperr.Conflict("Idempotency-Key reused with a different request")
			}
			pack, err = q.GetPtPack(ctx, uuid.MustParse(rec.ResourceID))
			return err
		}
		pack, err = q.CreatePtPack(ctx, db.CreatePtPackParams{
			ID:            ids.NewUUID(),
			MemberID:      in.MemberID,
			TrainerID:     in.TrainerID,
			SessionsTotal: offer.Sessions,
			PriceCents:    offer.PriceCents,
			Currency:      offer.Currency,
		})
		if err != nil {
			return err
		}
		return q.SetIdempotencyResource(ctx, db.SetIdempotencyResourceParams{
			Scope: scopePackPurchase, Key: in.IdempotencyKey, ResourceID: pack.ID.String(),
		})
	})
	if err != nil {
		return Pack{}, err
	}
	if pack.Status != "pending_payment" {
		return toPack(pack), nil
	}

	member, err := db.New(s.pool).GetMember(ctx, in.MemberID)
	if err != nil {
		return Pack{}, err
	}
	if member.StripeCustomerID == "" {
		return Pack{}, apperr.Conflict("no payment method on file")
	}
	res, err := s.payments.Charge(ctx, payments.ChargeRequest{
		CustomerID:  member.StripeCustomerID,
		AmountCents: pack.PriceCents,
		Currency:    pack.Currency,
		Description: fmt.Sprintf("PulseFit personal training - %d sessions", pack.SessionsTotal),
		Metadata:    map[string]string{"pt_pack_id": pack.ID.String(), "member_id": member.ID.String()},
	})
	if errors.Is(err, payments.ErrDeclined) {
		return Pack{}, apperr.PaymentFailed(res.FailureCode)
	}
	if err != nil {
		return Pack{}, err
	}
	if _, err := db.New(s.pool).ActivatePtPack(ctx, db.ActivatePtPackParams{ID: pack.ID, StripeIntentID: res.IntentID}); err != nil {
		return Pack{}, err
	}
	pack.Status = "active"
	return toPack(pack), nil
}

type BookInput struct {
	MemberID  uuid.UUID
	PackID    uuid.UUID
	TrainerID uuid.UUID
	StartsAt  time.Time
}

type SessionBooking struct {
	ID        uuid.UUID `json:"id"`
	TrainerID uuid.UUID `json:"trainer_id"`
	StartsAt  time.Time `json:"starts_at"`
	Status    string    `json:"status"`
}

// BookSession reserves a trainer's slot against a pack. A trainer slot can be
// held by one booking only; the member who already holds it gets it back.
func (s *Service) BookSession(ctx context.Context, in BookInput) (SessionBooking, error) {
	startsAt := in.StartsAt.UTC().Truncate(time.Minute)
	var b db.PtBooking
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		pack, err := q.GetPtPack(ctx, in.PackID)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && pack.MemberID != in.MemberID) {
			return apperr.NotFound("pack")
		}
		if err != nil {
			return err
		}
		if pack.Status != "active" || pack.SessionsRemaining == 0 {
			return apperr.Conflict("pack has no sessions left")
		}
		b, err = q.InsertPtBooking(ctx, db.InsertPtBookingParams{
			ID:        ids.NewV7(),
			PackID:    pack.ID,
			TrainerID: in.TrainerID,
			MemberID:  in.MemberID,
			StartsAt:  startsAt,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			b, err = q.GetPtBookingBySlot(ctx, db.GetPtBookingBySlotParams{TrainerID: in.TrainerID, StartsAt: startsAt})
			if err != nil {
				return err
			}
			if b.MemberID != in.MemberID || b.PackID != in.PackID {
				return apperr.Conflict("slot is taken")
			}
			return nil
		}
		return err
	})
	if err != nil {
		return SessionBooking{}, err
	}
	return SessionBooking{ID: b.ID, TrainerID: b.TrainerID, StartsAt: b.StartsAt, Status: b.Status}, nil
}

// CheckIn is called from the trainer app when the member shows up. The
// session is redeemed against the pack and settled in the background.
func (s *Service) CheckIn(ctx context.Context, bookingID, trainerID uuid.UUID, note string) error {
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		b, err := q.GetPtBooking(ctx, bookingID)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("booking")
		}
		if err != nil {
			return err
		}
		if b.TrainerID != trainerID {
			return apperr.Forbidden("not your session")
		}
		if err := q.InsertPtRedemption(ctx, db.InsertPtRedemptionParams{
			BookingID: b.ID,
			PackID:    b.PackID,
			TrainerID: b.TrainerID,
			Note:      note,
		}); err != nil {
			return fmt.Errorf("redeem session: %w", err)
		}
		_, err = q.SetPtBookingStatus(ctx, db.SetPtBookingStatusParams{ID: b.ID, FromStatus: "booked", ToStatus: "attended"})
		return err
	})
	if err != nil {
		return err
	}
	return s.queue.Enqueue(ctx, tasks.TypeSettlePTSession,
		tasks.SettlePTSessionPayload{BookingID: bookingID},
		tasks.Key("settle", bookingID.String()))
}

type TransferInput struct {
	IdempotencyKey string
	MemberID       uuid.UUID
	FromPackID     uuid.UUID
	ToPackID       uuid.UUID
	Sessions       int32
}

type TransferResult struct {
	FromRemaining int32 `json:"from_remaining"`
	ToRemaining   int32 `json:"to_remaining"`
}

// TransferSessions moves unused sessions from one of the member's packs to
// another pack (for example a family member's).
func (s *Service) TransferSessions(ctx context.Context, in TransferInput) (TransferResult, error) {
	if in.IdempotencyKey == "" {
		return TransferResult{}, apperr.Invalid("Idempotency-Key header is required")
	}
	if in.Sessions <= 0 || in.FromPackID == in.ToPackID {
		return TransferResult{}, apperr.Invalid("bad transfer")
	}
	var out TransferResult

	// Debit first so an overdrawn source fails before anything is credited.
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		from, err := q.GetPtPack(ctx, in.FromPackID)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && from.MemberID != in.MemberID) {
			return apperr.NotFound("pack")
		}
		if err != nil {
			return err
		}
		out.FromRemaining, err = q.DebitPtPack(ctx, db.DebitPtPackParams{ID: from.ID, Sessions: in.Sessions})
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.Conflict("not enough sessions on the pack")
		}
		return err
	})
	if err != nil {
		return TransferResult{}, err
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		n, err := q.InsertPtTransfer(ctx, db.InsertPtTransferParams{
			IdempotencyKey: in.IdempotencyKey,
			FromPackID:     in.FromPackID,
			ToPackID:       in.ToPackID,
			Sessions:       in.Sessions,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			to, err := q.GetPtPack(ctx, in.ToPackID)
			out.ToRemaining = to.SessionsRemaining
			return err
		}
		out.ToRemaining, err = q.CreditPtPack(ctx, db.CreditPtPackParams{ID: in.ToPackID, Sessions: in.Sessions})
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.Conflict("target pack cannot receive sessions")
		}
		return err
	})
	if err != nil {
		return TransferResult{}, err
	}
	return out, nil
}

// SettleSession consumes the pack session for an attended booking and books
// the trainer's earning for the month.
func (s *Service) SettleSession(ctx context.Context, bookingID uuid.UUID) error {
	q := db.New(s.pool)
	b, err := q.GetPtBooking(ctx, bookingID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	switch b.Status {
	case "settled", "canceled":
		return nil
	case "booked":
		return fmt.Errorf("booking %s not checked in yet", b.ID)
	}
	trainer, err := q.GetTrainer(ctx, b.TrainerID)
	if err != nil {
		return err
	}
	remaining, err := s.ledger.ConsumeSession(ctx, b.PackID)
	if err != nil {
		return err
	}
	if err := s.ledger.RecordEarning(ctx, b, trainer.SessionRateCents, b.StartsAt.UTC().Format("2006-01")); err != nil {
		return err
	}
	if remaining == 0 {
		s.log.Info("pack exhausted", "pack", b.PackID, "member", b.MemberID)
	}
	return nil
}
